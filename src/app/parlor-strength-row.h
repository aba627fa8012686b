/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/*
 * The "Computer Strength" row of a setup page: the app-wide strengths in
 * Preferences' words, as linked toggle buttons for the page's action
 * setup.strength.
 */
#define PARLOR_TYPE_STRENGTH_ROW (parlor_strength_row_get_type ())
G_DECLARE_FINAL_TYPE (ParlorStrengthRow, parlor_strength_row, PARLOR, STRENGTH_ROW, AdwActionRow)

GtkWidget *parlor_strength_row_new (void);

G_END_DECLS
