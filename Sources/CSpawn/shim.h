#ifndef MOODTUI_CSPAWN_SHIM_H
#define MOODTUI_CSPAWN_SHIM_H
/* posix_spawn's close-every-descriptor-from action (glibc 2.34), for LocalProcesses' Spawn.
   spawn.h declares it only under _GNU_SOURCE, which the Glibc module is built without. */
#include <spawn.h>

int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

/* Closes, in the child, every descriptor from `from` up. */
static inline int moodtui_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}
#endif
