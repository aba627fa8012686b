/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Prints the builder's root on one line of standard output. */
void   parlor_cli_print_json (JsonBuilder *builder);
/* @value rounded to @digits decimals, so figures print short. */
double parlor_cli_round      (double       value,
                              int          digits);

G_END_DECLS
