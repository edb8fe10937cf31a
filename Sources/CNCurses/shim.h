#ifndef MOODTUI_CNCURSES_SHIM_H
#define MOODTUI_CNCURSES_SHIM_H
/* Wide-character ncurses for Swift. Swift cannot call C macros or variadic
   functions, so the few we need are wrapped as static inline functions.
   Every wrapper is prefixed `moodtui_` so it cannot clash with curses names. */
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/* The standard screen (a global that may be a macro in reentrant builds). */
static inline WINDOW *moodtui_stdscr(void) { return stdscr; }

/* The terminal's current contents as curses believes them (a global that may be a macro). */
static inline WINDOW *moodtui_curscr(void) { return curscr; }

/* Starts curses on stdout/stdin. Unlike initscr it returns NULL instead of exiting on
   failure. (stdin/stdout are mutable C globals that Swift 6 refuses to touch.) */
static inline SCREEN *moodtui_newterm(void) { return newterm(NULL, stdout, stdin); }

/* Whether the terminal can move the cursor (terminfo's cup): TERM=dumb and printing terminals
   cannot, and curses would draw every screen as one long line. */
static inline int moodtui_can_address_cursor(void) {
    const char *cup = tigetstr("cup");
    return cup != NULL && cup != (const char *)-1;
}

/* Whether the terminal has an alternate screen (terminfo's smcup), which the app's screen goes
   to and leaves with; without one the app's last screen stays after it quits. */
static inline int moodtui_has_alternate_screen(void) {
    const char *smcup = tigetstr("smcup");
    return smcup != NULL && smcup != (const char *)-1 && smcup[0] != '\0';
}

/* Leaves the terminal's mouse reports to the app as characters: with keypad on, curses took the
   start of one (terminfo's kmous) for KEY_MOUSE and passed the rest on as typed text, and its own
   mouse reading merges the reports of one read into one (a double click was lost). */
static inline void moodtui_leave_mouse_reports_to_the_app(void) { keyok(KEY_MOUSE, FALSE); }

/* Number of colours the terminal supports (COLORS is a global or a macro). */
static inline int moodtui_colors(void) { return COLORS; }

/* Number of colour pairs the terminal supports. */
static inline int moodtui_color_pairs(void) { return COLOR_PAIRS; }

/* Video attributes: NCURSES_BITS(...) macros that Swift cannot import. */
static inline attr_t moodtui_a_normal(void) { return A_NORMAL; }
static inline attr_t moodtui_a_bold(void) { return A_BOLD; }
static inline attr_t moodtui_a_dim(void) { return A_DIM; }
static inline attr_t moodtui_a_reverse(void) { return A_REVERSE; }
static inline attr_t moodtui_a_underline(void) { return A_UNDERLINE; }

/* Sets the window's current attributes and colour pair (wattr_set may be a macro). */
static inline int moodtui_wattr_set(WINDOW *win, attr_t attrs, int pair) {
    return wattr_set(win, attrs, (NCURSES_PAIRS_T)pair, NULL);
}

/* Writes one grapheme cluster into one cell: the cell keeps its scalars (at most
   moodtui_ccharw_max()). setcchar stops at the second spacing scalar, so a skin tone or the emoji
   after a zero-width joiner would land in a cell of its own and be overwritten by the next
   character. The cell takes the window's attributes, as with mvwaddnwstr. */
static inline int moodtui_mvwadd_cluster(WINDOW *win, int y, int x, const wchar_t *scalars, int count) {
    if (count < 1 || count > CCHARW_MAX) return ERR;
    cchar_t cell;
    wchar_t first[2] = { scalars[0], L'\0' };
    if (setcchar(&cell, first, A_NORMAL, 0, NULL) == ERR) return ERR;
    for (int i = 1; i < count; ++i) cell.chars[i] = scalars[i];
    return mvwadd_wch(win, y, x, &cell);
}

/* How many scalars a cell holds (CCHARW_MAX, a macro). */
static inline int moodtui_ccharw_max(void) { return CCHARW_MAX; }

/* Key codes, wrapped so they import as Int32 regardless of how the header spells them. */
static inline int moodtui_key_code_yes(void) { return KEY_CODE_YES; }
static inline int moodtui_key_down(void) { return KEY_DOWN; }
static inline int moodtui_key_up(void) { return KEY_UP; }
static inline int moodtui_key_left(void) { return KEY_LEFT; }
static inline int moodtui_key_right(void) { return KEY_RIGHT; }
static inline int moodtui_key_home(void) { return KEY_HOME; }
static inline int moodtui_key_end(void) { return KEY_END; }
static inline int moodtui_key_npage(void) { return KEY_NPAGE; }
static inline int moodtui_key_ppage(void) { return KEY_PPAGE; }
static inline int moodtui_key_enter(void) { return KEY_ENTER; }
static inline int moodtui_key_backspace(void) { return KEY_BACKSPACE; }
static inline int moodtui_key_dc(void) { return KEY_DC; }
static inline int moodtui_key_btab(void) { return KEY_BTAB; }
static inline int moodtui_key_resize(void) { return KEY_RESIZE; }

/* Columns a wide character takes (glibc declares wcwidth only under _XOPEN_SOURCE,
   which Swift's Glibc module does not define). -1 for non-printable characters. */
extern int wcwidth(wchar_t c);
static inline int moodtui_wcwidth(wchar_t c) { return wcwidth(c); }

/* The locale's character set name, e.g. "UTF-8" (CODESET is an enum/macro). */
static inline const char *moodtui_codeset(void) { return nl_langinfo(CODESET); }

#endif
