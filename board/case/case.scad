// case.scad - the handheld's case: a bottom shell (the batteries under the
// board), a lid (the matrix window, the buttons' caps, the serial header's
// slot, the power switch's notch, the piezo's holes) and a button cap.
// Every place comes from case_params.scad, which make case generates from
// the board's data (tools/board/case_params.py); this file holds the case's
// own sizes only. Units mm; x right, y up (the board seen from above),
// z up from the table under the bottom shell.
//   openscad -D 'part="bottom"' -o bottom.stl case.scad   (bottom, lid, button, assembly)
include <case_params.scad>
assert(!is_undef(board_w), "case.scad: no case_params.scad on OPENSCADPATH: make case generates it in build/board/");

part = "assembly";

wall = 2.0;          // side walls
gap = 0.5;           // board edge to wall
floor_t = 2.0;       // bottom shell's floor
top_t = 2.0;         // lid's top
// The cells: a 4 x AA holder lying flat (Keystone 2478 kind, 62.7 x 57.2 x
// 15.5 mm), in ribs on the floor under the board.
holder = [63.2, 57.7, 16.0];
rib = [1.2, 8.0];    // thickness, height
pin_clear = 2.5;     // the board's soldered leads above the holder
lid_clear = parts_height + 1.0;   // the tallest part, and 1 mm
// Screws: M3 from below through the bottom post and the board into the
// lid's post (a thread-forming pilot hole).
post_d = 7.0;
screw_clear_d = 3.4;
screw_pilot_d = 2.5;
head_d = 6.5;        // M3 pan head 5.5 mm, with room
head_h = 3.0;
bite = 8.0;          // screw length into the lid's post
// Button caps over 6 x 6 mm tactile switches of this height (PCB to the
// stem's top): the cap reaches from the stem through the lid.
switch_h = 9.5;
cap_d = 8.0;
cap_clear = 0.6;
flange = [11.0, 1.5];
cap_above = 2.0;     // above the lid's top
stem_socket = [3.7, 3.0];
window_margin = 0.4; // around the matrix's body
serial_slot_w = 6.5; // the adapter's socket
power_notch_h = 5.0; // above the board's top, in the lid's wall
eps = 0.01;
$fn = 48;

z_board = floor_t + holder[2] + pin_clear;   // board's underside
z_split = z_board + board_t;                 // board's top: the two shells meet
z_top = z_split + lid_clear + top_t;
screw_len = (z_split - head_h) + bite;
if (part == "bottom")
    echo(str("case: ", board_w + 2 * (gap + wall), " x ", board_h + 2 * (gap + wall), " x ", z_top,
             " mm; screws M3 x ", ceil(screw_len), " (4, from below)"));

module rounded(w, h, r, dz) {
    // the outline grown by d, corners rounded as the board's
    translate([r, r, 0]) linear_extrude(dz) offset(r = r) square([w - 2 * r, h - 2 * r]);
}

module outline(grow, z0, z1) {
    translate([-grow, -grow, z0]) rounded(board_w + 2 * grow, board_h + 2 * grow, board_r + grow, z1 - z0);
}

module shell(z0, z1, closed_at_bottom) {
    difference() {
        outline(gap + wall, z0, z1);
        if (closed_at_bottom)
            outline(gap, z0 + floor_t, z1 + eps);
        else
            outline(gap, z0 - eps, z1 - top_t);
    }
}

module battery_ribs() {
    // a pocket centred under the board, open on the side towards the
    // board's top edge for the leads
    c = [board_w / 2, board_h / 2];
    difference() {
        translate([c[0] - holder[0] / 2 - rib[0], c[1] - holder[1] / 2 - rib[0], floor_t - eps])
            cube([holder[0] + 2 * rib[0], holder[1] + 2 * rib[0], rib[1]]);
        translate([c[0] - holder[0] / 2, c[1] - holder[1] / 2, floor_t - 2 * eps])
            cube([holder[0], holder[1], rib[1] + 1]);
        translate([c[0] - 4, c[1] + holder[1] / 2 - eps, floor_t])
            cube([8, rib[0] + 2 * eps, rib[1] + 1]);
    }
}

module bottom() {
    difference() {
        union() {
            shell(0, z_split, true);
            for (h = holes)
                translate([h[0], h[1], floor_t - eps]) cylinder(d = post_d, h = z_board - floor_t + eps);
            battery_ribs();
        }
        for (h = holes) {
            translate([h[0], h[1], -eps]) cylinder(d = screw_clear_d, h = z_board + 2 * eps);
            translate([h[0], h[1], -eps]) cylinder(d = head_d, h = head_h + eps);
        }
        // the name under the floor, read from below
        translate([board_w / 2, board_h / 2, -eps]) linear_extrude(0.6)
            mirror([1, 0, 0]) text(board_name, size = 6, halign = "center", valign = "center");
    }
}

module lid() {
    difference() {
        union() {
            shell(z_split, z_top, false);
            for (h = holes)
                translate([h[0], h[1], z_split]) cylinder(d = post_d, h = z_top - top_t - z_split + eps);
        }
        for (h = holes)
            translate([h[0], h[1], z_split - eps]) cylinder(d = screw_pilot_d, h = bite + eps);
        // the matrix window
        translate([matrix[0] - matrix[2] / 2 - window_margin, matrix[1] - matrix[3] / 2 - window_margin, z_split])
            cube([matrix[2] + 2 * window_margin, matrix[3] + 2 * window_margin, z_top]);
        // the buttons' caps
        for (b = buttons)
            translate([b[1], b[2], z_split]) cylinder(d = cap_d + cap_clear, h = z_top);
        // the serial header's slot: its pins' row and a pitch more
        sl = serial[2] + 2.54 + 3;
        translate([serial[0], serial[1], z_top - top_t - eps])
            rotate([0, 0, serial[3] == 1 ? 0 : 90])
                translate([-sl / 2, -serial_slot_w / 2, 0]) cube([sl, serial_slot_w, top_t + 2 * eps]);
        // the power switch's notch in the wall it faces, from the joint up
        power_notch();
        // the piezo's sound holes
        for (a = [0 : 60 : 300])
            translate([piezo[0] + 3.5 * cos(a), piezo[1] + 3.5 * sin(a), z_top - top_t - eps])
                cylinder(d = 1.8, h = top_t + 2 * eps);
        translate([piezo[0], piezo[1], z_top - top_t - eps]) cylinder(d = 1.8, h = top_t + 2 * eps);
    }
}

module power_notch() {
    w = power_slot[1] - power_slot[0] + 2;
    t = gap + wall + 2;           // through the wall, whatever the gap
    edge = power_slot[2];
    z0 = z_split - eps;
    if (edge == "top")
        translate([power_slot[0] - 1, board_h - 1, z0]) cube([w, t + 1, power_notch_h]);
    else if (edge == "bottom")
        translate([power_slot[0] - 1, -t, z0]) cube([w, t + 1, power_notch_h]);
    else if (edge == "left")
        translate([-t, power_slot[0] - 1, z0]) cube([t + 1, w, power_notch_h]);
    else
        translate([board_w - 1, power_slot[0] - 1, z0]) cube([t + 1, w, power_notch_h]);
}

module button_cap() {
    // printed standing on its flange's underside; z = 0 is the stem's top
    len = (z_top + cap_above) - (z_split + switch_h);
    difference() {
        union() {
            cylinder(d = cap_d, h = len);
            translate([0, 0, len - cap_above - top_t - flange[1]]) cylinder(d = flange[0], h = flange[1]);
        }
        translate([0, 0, -eps]) cylinder(d = stem_socket[0], h = stem_socket[1] + eps);
    }
}

module board_slab() {
    color("darkgreen") translate([0, 0, z_board]) rounded(board_w, board_h, board_r, board_t);
}

if (part == "bottom") bottom();
else if (part == "lid") lid();
else if (part == "button") button_cap();
else if (part == "assembly") {
    // for the picture: the bottom shell open (the posts, the cells' pocket)
    // and beside it the lid with its caps
    color("dimgray") bottom();
    translate([board_w + 20, 0, -z_split]) {
        color("gainsboro") lid();
        for (b = buttons)
            color("crimson") translate([b[1], b[2], z_split + switch_h]) button_cap();
    }
}
else assert(false, str("case.scad: part must be bottom, lid, button or assembly, not ", part));
