#!/usr/bin/env bash
# flash_board.sh serial PORT TARGET [WHAT] | usb PROGRAMMER TARGET
# Finds the board before avrdude is asked to talk to it, so a missing board
# gets one clear paragraph (what to plug in, what to pass, what is there)
# instead of avrdude's retries. Prints the serial port to use on stdout
# (serial), nothing (usb); exit 1 with the advice on stderr when there is
# nothing to talk to. FLASH_DEV_DIR and FLASH_USB_DIR (default /dev and
# /sys/bus/usb/devices) let the tests show it a machine of their own.
set -u
dev=${FLASH_DEV_DIR:-/dev}
usb=${FLASH_USB_DIR:-/sys/bus/usb/devices}
kind=${1:-} want=${2:-} target=${3:-flash}
# What is on the serial port: the board, or an Arduino as ISP programmer.
what=${4:-board}

# USB serial ports: the Nano's CH340/FT232 (ttyUSB), the Uno's 16U2 (ttyACM).
serial_ports() {
    local p
    for p in "$dev"/ttyUSB* "$dev"/ttyACM*; do
        [ -e "$p" ] && echo "$p"
    done
}

ports_line() {
    local seen
    seen=$(serial_ports | tr '\n' ' ' | sed 's/ $//')
    echo "  Serial ports seen: ${seen:-none} (looked for $dev/ttyUSB* and $dev/ttyACM*)"
}

case $kind in
serial)
    if [ -n "$want" ]; then
        if [ ! -e "$want" ]; then
            {
                echo "make $target: no serial port $want."
                echo "  Plug the $what in (a USB data cable, not a charge-only one),"
                echo "  or pass the port it is on: make $target PORT=/dev/ttyACM0"
                ports_line
            } >&2
            exit 1
        fi
        if [ ! -r "$want" ] || [ ! -w "$want" ]; then
            {
                echo "make $target: $want is there but not yours to open."
                echo "  Add yourself to its group and log in again: sudo adduser $(id -un) $(stat -c %G "$want" 2>/dev/null || echo dialout)"
            } >&2
            exit 1
        fi
        echo "$want"
        exit 0
    fi
    mapfile -t found < <(serial_ports)
    if [ ${#found[@]} -eq 1 ]; then
        echo "make $target: the $what is on ${found[0]} (PORT= to choose another)" >&2
        echo "${found[0]}"
        exit 0
    fi
    {
        if [ ${#found[@]} -eq 0 ]; then
            echo "make $target: no $what found."
            echo "  Plug the $what in with its USB cable (a data cable, not a charge-only one),"
            echo "  or pass the serial port it is on: make $target PORT=/dev/ttyUSB0"
        else
            echo "make $target: ${#found[@]} serial ports, which one is the $what?"
            echo "  Pass it: make $target PORT=${found[0]}"
        fi
        ports_line
    } >&2
    exit 1
    ;;
usb)
    # USB ISP programmers avrdude knows by -c name: vendor:product.
    case $want in
    usbasp) id=16c0:05dc ;;
    usbtiny) id=1781:0c9f ;;
    avrisp2 | avrispmkII | avrispv2) id=03eb:2104 ;;
    dragon_isp) id=03eb:2107 ;;
    atmelice_isp) id=03eb:2141 ;;
    pickit2) id=04d8:0033 ;;
    *) exit 0 ;;       # not a USB programmer we know: avrdude finds it
    esac
    seen=()
    for d in "$usb"/*; do
        [ -r "$d/idVendor" ] || continue
        v=$(cat "$d/idVendor") p=$(cat "$d/idProduct")
        [ "$v:$p" = "$id" ] && exit 0
        name=$(cat "$d/product" 2>/dev/null || echo "?")
        seen+=("$v:$p $name")
    done
    {
        echo "make $target: no $want programmer found (USB $id)."
        echo "  Plug the ISP programmer in and wire it to the chip's ISP pins (MISO MOSI SCK RESET),"
        echo "  or name the programmer you have: make $target ISP=usbtiny (an avrdude -c name)"
        if [ ${#seen[@]} -eq 0 ]; then
            echo "  USB devices seen: none"
        else
            echo "  USB devices seen:"
            printf '    %s\n' "${seen[@]}"
        fi
        ports_line
    } >&2
    exit 1
    ;;
*)
    echo "usage: flash_board.sh serial PORT TARGET | usb PROGRAMMER TARGET" >&2
    exit 2
    ;;
esac
