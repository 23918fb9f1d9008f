// fragment.js - a starting game and position in the page's address, so a
// lesson's "play it" link opens the toy on its example:
//   index.html#GAME%20NIM;POS%203%204%205
// the fragment, percent-decoded, is PC-link commands separated by ';'.
// Only the commands that set a game up are taken (FRAGMENT_VERBS); the
// firmware itself judges their arguments and answers ERR as it does to a
// typed line. Pure: no page, no board (tests/web/fragment.test.mjs).

// What an address may do: choose a game, start it afresh, set a position,
// change a setting (who starts, the level, the opponent ...). Not MOVE, AI,
// PRESS, SCORES, SAVE: a link followed by a visitor must not play for them,
// press their buttons or rewrite their scores.
export const FRAGMENT_VERBS = ['GAME', 'NEW', 'POS', 'SET'];
// More than a lesson needs (GAME, a few SETs, POS), few enough that a
// mistyped link cannot keep the toy busy.
export const FRAGMENT_MAX = 8;
// The longest line every build takes (VER's LINE on 8 columns).
export const FRAGMENT_LINE = 64;

// The commands of `hash` (location.hash, with or without its '#'):
// { lines: [...] } (empty when there is no fragment) or { error: 'why' }.
export function fragmentParse(hash) {
    let text = String(hash || '').replace(/^#/, '');
    try {
        text = decodeURIComponent(text);
    } catch {
        return { error: 'the address\'s fragment is not valid percent-encoding' };
    }
    if (!/^[\x20-\x7e]*$/.test(text))
        return { error: `"${text.replace(/[^\x20-\x7e]/g, '?')}" holds a byte outside printable ASCII` };
    const lines = text.split(';').map((s) => s.trim().replace(/ +/g, ' ')).filter((s) => s);
    if (lines.length > FRAGMENT_MAX)
        return { error: `${lines.length} commands, at most ${FRAGMENT_MAX}` };
    for (const line of lines) {
        if (line.length > FRAGMENT_LINE)
            return { error: `"${line.slice(0, 20)}..." is longer than ${FRAGMENT_LINE} characters` };
        const verb = line.split(' ')[0].toUpperCase();
        if (!FRAGMENT_VERBS.includes(verb))
            return { error: `"${line}": an address may give ${FRAGMENT_VERBS.join(', ')} only` };
    }
    return { lines };
}

// The fragment that gives `lines` (a lesson's link is built this way).
export function fragmentMake(lines) {
    return '#' + lines.map((l) => encodeURIComponent(l)).join(';');
}
