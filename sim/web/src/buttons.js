// buttons.js - the six buttons of the page: pointer (mouse, touch, pen)
// with real press and release, so a hold is a hold, and the keyboard with
// real keyup. A button stays pressed while any of its sources holds it.

export const KEYS = {
    ArrowUp: 'UP', ArrowDown: 'DOWN', ArrowLeft: 'LEFT', ArrowRight: 'RIGHT',
    KeyW: 'UP', KeyS: 'DOWN', KeyA: 'LEFT', KeyD: 'RIGHT',
    // as make play has them: z = A, x = B
    KeyZ: 'A', Enter: 'A', Space: 'A', KeyX: 'B', Backspace: 'B', Escape: 'B',
};

export class ButtonPad {
    // names: button names in BTN_* order; set(i, pressed) drives the board
    constructor(root, names, set, onGesture) {
        this.names = names;
        this.set = set;
        this.onGesture = onGesture;
        this.held = names.map(() => new Set());     // sources holding each button
        this.els = new Map();
        for (const el of root.querySelectorAll('[data-button]')) {
            const i = names.indexOf(el.dataset.button);
            if (i < 0)
                continue;
            this.els.set(i, el);
            el.addEventListener('pointerdown', (e) => {
                e.preventDefault();
                el.setPointerCapture?.(e.pointerId);
                this.onGesture();
                this.hold(i, 'p' + e.pointerId, true);
            });
            const up = (e) => this.hold(i, 'p' + e.pointerId, false);
            el.addEventListener('pointerup', up);
            el.addEventListener('pointercancel', up);
            el.addEventListener('lostpointercapture', up);
            el.addEventListener('contextmenu', (e) => e.preventDefault());
        }
        window.addEventListener('keydown', (e) => {
            if (this.typing(e))
                return;
            const name = KEYS[e.code];
            if (!name)
                return;
            e.preventDefault();
            this.onGesture();
            if (!e.repeat)
                this.hold(names.indexOf(name), 'k' + e.code, true);
        });
        window.addEventListener('keyup', (e) => {
            const name = KEYS[e.code];
            if (name)
                this.hold(names.indexOf(name), 'k' + e.code, false);
        });
        // A key released while the window had no focus never sends keyup.
        window.addEventListener('blur', () => this.releaseAll());
    }

    typing(e) {
        const t = e.target;
        return t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA');
    }

    hold(i, source, on) {
        const h = this.held[i];
        const before = h.size > 0;
        if (on) h.add(source); else h.delete(source);
        const now = h.size > 0;
        if (now === before)
            return;
        this.els.get(i)?.classList.toggle('down', now);
        this.set(i, now);
    }

    releaseAll() {
        this.held.forEach((h, i) => {
            for (const s of [...h]) this.hold(i, s, false);
        });
    }
}
