"""nimlink_texts.py - the reference texts' own printed figures (the
positions, values and tables nimlink examples checks the toy against) and
the small rules of thumb they state, for tools/nimlink_examples.py."""

SETTINGS = ["GAME", "OPP", "FIRST", "LEVEL", "START", "SOUND", "BRIGHT", "OFF", "LANG"]    # STATE's SET=, in order

# The texts, by the names docs/games.md#the-texts-worked-examples gives them.
BLOG = '"Trò chơi NIM" (Vietnamese blog, 2013)'
ARTICLE = '"NIM GAME: Trò chơi toán học về chiến lược" (Vietnamese)'
NOTES = 'Hồ Hữu Sơn, "Chuyên đề 9. Lý thuyết trò chơi"'
LESSON = '"Nim Game (典型玩法)" (Chinese lesson, Tainan First Senior High School)'
THAI = '"the game of Nim" (Thai, the blog of ศล)'

# Not on the toy yet: what each needs (issue 20's items). None since the
# SUM came: every example is played or reproduced.
NOT_YET = []

# Heaps over 8, in NIM BINARY: the texts' tables of heaps in binary, with
# the nim-sum each prints. THAI's three winning moves of 13 12 8.
THAI_HEAPS, THAI_SUM, THAI_WINS = (13, 12, 8), 9, [(0, 4), (1, 5), (2, 1)]
BLOG_TABLES = [((13, 14, 6, 7, 2), 0), ((12, 14, 6, 3, 2), 5)]
# NOTES: "14 xor 55 = 57"; Bouton's (5, 7, 9) is N with nim-sum 11, (4, 12, 8) is P.
NOTES_BINARY = [((14, 55), 57, "N"), ((5, 7, 9), 11, "N"), ((4, 12, 8), 0, "P")]

# ARTICLE's two games of Nam (player 1) and Bắc on 3 4 5: each position
# after each move. In misere play it prints each position's nim-sum too.
ARTICLE_NORMAL = [(3, 4, 5), (1, 4, 5), (1, 4, 2), (1, 3, 2), (1, 2, 2), (0, 2, 2), (0, 1, 2), (0, 1, 1),
                  (0, 0, 1), (0, 0, 0)]
ARTICLE_MISERE = [(3, 4, 5), (1, 4, 5), (1, 4, 3), (1, 2, 3), (1, 2, 2), (0, 2, 2), (0, 2, 1), (0, 0, 1),
                  (0, 0, 0)]
ARTICLE_MISERE_SUMS = [2, 0, 6, 0, 1, 0, 3, 1]
# LESSON's game of A (player 1) and B on 3 4 5.
LESSON_GAME = [(3, 4, 5), (1, 4, 5), (1, 4, 2), (1, 3, 2), (1, 0, 2), (1, 0, 1), (0, 0, 1), (0, 0, 0)]

# NOTES, "Trò chơi Trừ dần", S = {1, 3, 4}: positions 0..16.
S134_PN = "P N P N N N N P N P N N N N P N P"
# NOTES, Kayles: x, the positions one move away, their values, g(x).
KAYLES_ROWS = [(1, [0], [0], 1), (2, [1, 0], [1, 0], 2), (3, [2, 1, (1, 1)], [2, 1, 0], 3),
               (4, [3, 2, (1, 2), (1, 1)], [3, 2, 3, 0], 1),
               (5, [4, 3, (3, 1), (2, 2), (1, 2)], [1, 3, 2, 0, 3], 4)]
KAYLES_PERIOD_FROM = 72
KAYLES_PERIOD = [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7]     # g(72) .. g(83)
# NOTES, Treblecross: g(-1) .. g(9), and g(a) xor g(b) for a + b = 8 (a = -1..7).
TREBLE_G = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]
TREBLE_XORS = [3, 0, 0, 0, 1, 0, 1, 0, 0]
TREBLE_G11 = 2
# NOTES, Mock Turtles: g(0) .. g(14), coins numbered from 0.
TURTLES_G = [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28]
# NOTES, Twins: g(x) = x, the coins numbered from 1 (position 0: every coin
# tails), for x = 1 .. 14.
TWINS_G = list(range(1, 15))
# NOTES, Empty and Divide: P = both boxes odd ((1, 1), the end, among
# them); from N, empty a box and divide the even one into two odd parts.
# The table's boxes: 1 .. ED_TOP (the BINARY form: a column holds 8).
ED_TOP = 12


def ed_text_p(m, n):
    return m % 2 == 1 and n % 2 == 1


# NOTES, the Sprague-Grundy theorem's example: g3(9), g5(10), g7(14), g7(13).
SUM_PARTS = [(3, 9, 1), (5, 10, 4), (7, 14, 6), (7, 13, 5)]
# ... and the sum itself: g = 1 xor 4 xor 6 = 3, the winning move pile 3 from 14 to 13.
SUM_G, SUM_MOVE = 3, (2, 13)


def take_name(m):
    """TAKE 1-M's whole name, as GAME wants it: TAKE 1-3 is called after Dr. Nim."""
    return "TAKE 1-3 DR NIM" if m == 3 else "TAKE 1-%d" % m


def heap_list(s):
    return " ".join(map(str, s))


def cachdi(s):
    """BLOG's procedure CachDi: in a P-position take one from the first
    biggest heap; else from the first heap i with x xor S[i] < S[i]."""
    x = 0
    for v in s:
        x ^= v
    if x == 0:
        d = s.index(max(s))
        return d, s[d] - 1
    d = next(i for i, v in enumerate(s) if v ^ x < v)
    return d, s[d] ^ x


def at_most_half(n_max):
    """NOTES' ATMOSTHALF.PAS: g(0) = g(1) = 0, g(i) = mex of g(i - k), 1 <= k <= i div 2."""
    g = [0] * (n_max + 1)
    for i in range(2, n_max + 1):
        seen = {g[i - k] for k in range(1, i // 2 + 1)}
        g[i] = next(k for k in range(n_max + 2) if k not in seen)
    return g


def runs(mask, width=8):
    """The lengths of the runs of lit cells of a column, bottom first."""
    out, n = [], 0
    for b in range(width + 1):
        if b < width and mask >> b & 1:
            n += 1
        elif n:
            out.append(n)
            n = 0
    return out


def free_cells(marks):
    """NO ADJACENT: the cells that can still be marked."""
    return sum(1 << b for b in range(8) if not (marks >> b & 1) and not ((marks << 1 | marks >> 1) >> b & 1))
