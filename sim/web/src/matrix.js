// matrix.js - the LED matrix as drawn on the page: one lamp per LED, lit
// with the brightness the MAX7219 drives it at (its duty in 32nds; a lit
// LED at the lowest intensity is still clearly visible, as on the toy).

export class MatrixView {
    constructor(root, cols) {
        this.cols = cols;
        this.lamps = [];
        root.style.setProperty('--cols', cols);
        root.textContent = '';
        for (let r = 7; r >= 0; r--)
            for (let c = 0; c < cols; c++) {
                const el = document.createElement('div');
                el.className = 'lamp';
                root.appendChild(el);
                this.lamps[c * 8 + r] = el;
            }
        this.shown = new Uint8Array(cols * 8).fill(255);
    }

    // levels[c*8+r]: 0 dark, else the duty in 32nds
    draw(levels) {
        for (let i = 0; i < levels.length; i++) {
            const v = levels[i];
            if (v === this.shown[i])
                continue;
            this.shown[i] = v;
            const el = this.lamps[i];
            el.classList.toggle('on', v > 0);
            el.style.opacity = v ? (0.35 + 0.65 * Math.sqrt(v / 32)).toFixed(3) : '';
        }
    }

    // What the page shows, in the firmware's FRAME layout: column c's byte,
    // bit r = row r from the bottom.
    frameHex() {
        let s = '';
        for (let c = 0; c < this.cols; c++) {
            let v = 0;
            for (let r = 0; r < 8; r++)
                if (this.lamps[c * 8 + r].classList.contains('on')) v |= 1 << r;
            s += v.toString(16).toUpperCase().padStart(2, '0');
        }
        return s;
    }
}
