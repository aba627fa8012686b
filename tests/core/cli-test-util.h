/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Takes parlor-cli's path from the first argument left after g_test_init(),
 * else from $PARLOR_CLI. */
void  cli_test_init (int                 argc,
                     char               *argv[]);
/* Runs parlor-cli with @argv (NULL-terminated, without the program): its
 * output and errors together; @status is its exit status, -1 if it did not exit. */
char *cli_test_run  (const char * const *argv,
                     int                *status);

G_END_DECLS
