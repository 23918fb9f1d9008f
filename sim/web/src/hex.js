// hex.js - Intel HEX (what avr-objcopy writes and avrdude flashes) into
// program memory words, as the chip's flash holds them.

export function hexToFlash(text, flashBytes) {
    const bytes = new Uint8Array(flashBytes).fill(0xFF);   // erased flash
    let base = 0, eof = false, used = 0;
    const lines = text.split(/\r?\n/);
    for (let n = 0; n < lines.length && !eof; n++) {
        const line = lines[n].trim();
        if (!line)
            continue;
        if (line[0] !== ':' || line.length < 11 || line.length % 2 === 0)
            throw new Error(`HEX line ${n + 1}: not an Intel HEX record`);
        const rec = [];
        for (let i = 1; i < line.length; i += 2) {
            const v = parseInt(line.slice(i, i + 2), 16);
            if (Number.isNaN(v))
                throw new Error(`HEX line ${n + 1}: bad hex digit`);
            rec.push(v);
        }
        const len = rec[0], addr = (rec[1] << 8) | rec[2], type = rec[3];
        if (rec.length !== len + 5)
            throw new Error(`HEX line ${n + 1}: length ${len} does not match the record`);
        if ((rec.reduce((a, b) => a + b, 0) & 0xFF) !== 0)
            throw new Error(`HEX line ${n + 1}: bad checksum`);
        if (type === 0) {
            const at = base + addr;
            if (at + len > flashBytes)
                throw new Error(`HEX line ${n + 1}: data beyond the ${flashBytes} B flash`);
            bytes.set(rec.slice(4, 4 + len), at);
            used = Math.max(used, at + len);
        } else if (type === 1) {
            eof = true;
        } else if (type === 2) {
            base = ((rec[4] << 8) | rec[5]) << 4;
        } else if (type === 4) {
            base = ((rec[4] << 8) | rec[5]) << 16;
        }
        // 3 and 5 (start addresses) do not change the flash
    }
    if (!eof)
        throw new Error('HEX file has no end record');
    return { words: new Uint16Array(bytes.buffer), used };
}
