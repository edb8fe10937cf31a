#ifndef MOODTUI_CNCURSES_SHIM_H
#define MOODTUI_CNCURSES_SHIM_H
/* Wide-character ncurses for Swift. Swift cannot call C macros or variadic
   functions, so the few we need are wrapped as static inline functions. */
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#endif
