/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Prints the builder's root on one line of standard output. */
void   parlor_cli_print_json (JsonBuilder *builder);
/* @value rounded to @digits decimals, so figures print short. */
double parlor_cli_round      (double       value,
                              int          digits);

/* Plays every run with @play (run, @setup), on @threads threads at once;
 * the runs' results do not depend on the number of threads. */
void     parlor_cli_play_all      (GPtrArray    *runs,
                                   GFunc         play,
                                   gpointer      setup,
                                   int           threads);
/* Writes one replay file from the record lines (a GPtrArray of strings,
 * possibly NULL) found at @log_offset in each run. */
gboolean parlor_cli_write_replays (const char   *path,
                                   GPtrArray    *runs,
                                   gsize         log_offset,
                                   GError      **error);
/* Adds @record to a run's @log. A record that cannot be written (NULL,
 * *@error says why) stops the game instead: *@failure takes the message,
 * the error is cleared, and FALSE is returned. */
gboolean parlor_cli_log_add       (GPtrArray    *log,
                                   char         *record,
                                   GError      **error,
                                   char        **failure);
/* The same for the records of @events. */
gboolean parlor_cli_log_events    (GPtrArray    *log,
                                   GPtrArray    *events,
                                   GError      **error,
                                   char        **failure);

G_END_DECLS
