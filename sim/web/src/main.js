// main.js - the page: the real firmware image on the avr8js board
// (runner.js), paced to the wall clock at the chip's 16 MHz, drawn as the
// toy, played with pointer, touch or keyboard, heard through Web Audio,
// talked to through the UART console; its EEPROM lives in localStorage;
// set up from its address (#GAME NIM;POS 3 4 5, lesson.js) once booted.
// Every word it shows comes from i18n.js's tables.
import { Board, BUTTON_NAMES } from './runner.js';
import { EepromStore, eepromLoad, eepromSave } from './eeprom.js';
import { hexToFlash } from './hex.js';
import { MatrixView } from './matrix.js';
import { ButtonPad } from './buttons.js';
import { PiezoAudio } from './piezo.js';
import { UartConsole } from './console.js';
import { LinkQueue } from './linkq.js';
import { AddressSetup } from './lesson.js';
import { LANGS, i18nApply, i18nPick, i18nStore, i18nStored, i18nText } from './i18n.js';

/* global __BOARD__, __HEX__ */
const board = __BOARD__;
const F = board.BOARD_F_CPU;
const STORE_KEY = `nimweb-eeprom-${board.BOARD_NAME}-${board.BOARD_COLS}`;
// The most chip time one animation frame runs; behind by more (a hidden
// tab, a slow phone, a loaded machine): skip, never race. A press or
// release is seen between frames, so this is also how late in chip time
// it may come: at 100 ms, a loaded machine (make test's two lanes) turned
// the browser test's 90 ms taps into holds past the 400 ms key repeat
// (MENU=4 for one DOWN). 40 ms keeps real time down to 25 frames a second.
const MAX_SLICE_MS = 40;

const $ = (id) => document.getElementById(id);
const flash = hexToFlash(__HEX__, board.BOARD_FLASH_BYTES).words;
const eeprom = new EepromStore(board.BOARD_EEPROM_BYTES, eepromLoad(STORE_KEY, board.BOARD_EEPROM_BYTES));
let saveTimer = 0;
const save = () => { clearTimeout(saveTimer); saveTimer = 0; eepromSave(STORE_KEY, eeprom); };
eeprom.onWrite = () => { if (!saveTimer) saveTimer = setTimeout(save, 250); };
addEventListener('pagehide', save);

const matrix = new MatrixView($('matrix'), board.BOARD_COLS);
const audio = new PiezoAudio();
const link = new LinkQueue((bytes) => nim.board.uartSend(bytes), () => nim.board.cycles / F);
const uart = new UartConsole($('uart-out'), $('uart-form'), $('uart-in'), (line) => link.line(line));
let dirty = true;

let lang = i18nPick(i18nStored(), navigator.languages || [navigator.language]);
const T = (key, vars) => i18nText(lang, key, vars);
const soundText = () => { $('sound').textContent = T(audio.muted ? 'sound_off' : 'sound_on'); };
function showLanguage() {
    document.documentElement.lang = lang;
    document.title = T('title');
    i18nApply(document, lang);
    $('sub').textContent = T('sub', { cols: board.BOARD_COLS });
    const other = $('other');
    if (other)
        other.textContent = T(board.BOARD_COLS === 8 ? 'other_m4' : 'other_m1');
    const lessons = $('lessons');
    if (lessons) {
        lessons.textContent = T('lessons');
        lessons.href = `${lessons.dataset.base}${lang}/index.html`;
    }
    soundText();
    $('lang').value = lang;
    addressText();
}
// The page's line about its address: what was set up, or that it was not.
let addressShown = { kind: '', detail: '', seq: 0 };
function addressText() {
    const el = $('address');
    el.className = addressShown.kind ? `address ${addressShown.kind}` : 'address';
    el.textContent = addressShown.kind === 'done' ? T('address_done', { cmds: addressShown.detail })
        : addressShown.kind === 'error' ? T('address_error') : '';
}
for (const code of Object.keys(LANGS)) {
    const opt = document.createElement('option');
    opt.value = code;
    opt.lang = code;
    opt.textContent = LANGS[code].lang_name;
    $('lang').append(opt);
}
$('lang').addEventListener('change', (e) => {
    lang = e.target.value;
    i18nStore(lang);
    showLanguage();
});
const address = new AddressSetup(link, (text) => uart.say(text), (kind, detail) => {
    addressShown = { kind, detail, seq: addressShown.seq + 1 };
    addressText();
});
link.onLine = (text) => { if (text.startsWith('LOG BOOT ')) address.booted(); };
showLanguage();

function makeBoard() {
    const b = new Board({ flash, board, eeprom });
    b.onFrame = () => { dirty = true; };
    b.onUartByte = (x) => { uart.byte(x); link.byte(x); };
    b.onTone = (hz) => { audio.set(hz); $('piezo').classList.toggle('sounding', hz > 0); };
    return b;
}

const nim = {
    board: makeBoard(),
    frameHex: () => matrix.frameHex(),
    uartText: () => uart.all,
    simSeconds: () => nim.board.cycles / F,
    errors: [],
    lang: () => lang,
    address: () => ({ ...addressShown, runs: address.runs, busy: link.busy }),
    drawn: [],
    // The browser tests' gate (null for a person): the chip runs up to
    // this cycle and waits there, so a test's press is held an exact
    // chip time however late its release comes on a loaded machine.
    stopAt: null,
    hz: F,
};
window.nimweb = nim;           // the browser tests' handle

const gesture = () => {
    audio.unlock();
    soundText();
};
const pad = new ButtonPad(document, BUTTON_NAMES, (i, on) => nim.board.setButton(i, on), gesture);
$('sound').addEventListener('click', () => {
    audio.unlock();
    audio.muted = !audio.muted;
    audio.set(audio.hz);
    soundText();
});
$('power').addEventListener('click', () => {
    gesture();
    save();
    nim.board.powerCycle();
    link.reset();
    pad.releaseAll();
    t0 = performance.now();
    c0 = nim.board.cycles;
});
$('forget').addEventListener('click', () => {
    if (!confirm(T('erase_confirm')))
        return;
    eeprom.memory.fill(0xFF);
    save();
    nim.board.powerCycle();
    link.reset();
});

// Real time: the cycle the chip would be at now; asleep time is skipped
// inside Board.run, so an idle toy costs almost nothing.
let t0 = performance.now(), c0 = 0;
function frame(now) {
    let due = c0 + (now - t0) * F / 1000;
    if (due - nim.board.cycles > MAX_SLICE_MS * F / 1000) {
        c0 = nim.board.cycles + MAX_SLICE_MS * F / 1000;
        t0 = now;
        due = c0;
    }
    if (nim.stopAt !== null && due > nim.stopAt) {
        due = Math.max(nim.stopAt, nim.board.cycles);
        c0 = due;               /* on again from the gate, not in a rush */
        t0 = now;
    }
    try {
        nim.board.run(due);
    } catch (e) {
        nim.errors.push(String(e));
        $('status').textContent = T('stopped', { error: e });
        console.error(e);
        return;
    }
    if (dirty) {
        matrix.draw(nim.board.chain.levels);
        dirty = false;
        // what was drawn and when (chip seconds), for the browser tests
        nim.drawn.push({ t: nim.board.cycles / F, hex: matrix.frameHex() });
        if (nim.drawn.length > 200)
            nim.drawn.splice(0, 100);
    }
    link.tick();
    uart.flush();
    $('status').textContent = T('status', { secs: (nim.board.cycles / F).toFixed(1),
        awake: (100 * nim.board.awakeShare()).toFixed(1) });
    requestAnimationFrame(frame);
}
// The address's fragment now (sent once booted), and each new one.
addEventListener('hashchange', () => address.want(location.hash));
address.want(location.hash);
requestAnimationFrame(frame);
