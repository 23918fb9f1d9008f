// eeprom.js - the chip's EEPROM as an avr8js backend; the page keeps it in
// localStorage (saved shortly after the last write), so scores and a game
// in progress survive a reload as they survive a power cut on the toy.

export class EepromStore {
    constructor(size, image) {
        this.memory = new Uint8Array(size).fill(0xFF);   // a new chip's erased cells
        if (image)
            this.memory.set(image.subarray(0, size));
        this.writes = 0;
        this.onWrite = null;
    }
    readMemory(addr) {
        return this.memory[addr];
    }
    // Datasheet 8.6.3: a write can only program bits to 0; the erase sets 0xFF.
    writeMemory(addr, value) {
        this.memory[addr] &= value;
        this.changed();
    }
    eraseMemory(addr) {
        this.memory[addr] = 0xFF;
        this.changed();
    }
    changed() {
        this.writes++;
        if (this.onWrite)
            this.onWrite();
    }
    toHex() {
        return Array.from(this.memory, (b) => b.toString(16).padStart(2, '0')).join('');
    }
    static fromHex(size, hex) {
        if (typeof hex !== 'string' || hex.length !== 2 * size || !/^[0-9a-f]*$/i.test(hex))
            return null;
        const img = new Uint8Array(size);
        for (let i = 0; i < size; i++)
            img[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
        return img;
    }
}

// The page's copy: one localStorage key per firmware geometry.
export function eepromLoad(key, size) {
    try {
        return EepromStore.fromHex(size, globalThis.localStorage?.getItem(key));
    } catch {
        return null;      // storage blocked (private mode): a fresh chip
    }
}

export function eepromSave(key, store) {
    try {
        globalThis.localStorage?.setItem(key, store.toHex());
        return true;
    } catch {
        return false;
    }
}
