/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Prints the builder's root on one line of standard output. */
void   parlor_cli_print_json (JsonBuilder *builder);
/* @value rounded to @digits decimals, so figures print short. */
double parlor_cli_round      (double       value,
                              int          digits);

/* One member of the object being built. */
void   parlor_cli_json_int    (JsonBuilder *builder,
                               const char  *name,
                               gint64       value);
void   parlor_cli_json_double (JsonBuilder *builder,
                               const char  *name,
                               double       value);
void   parlor_cli_json_string (JsonBuilder *builder,
                               const char  *name,
                               const char  *value);
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
