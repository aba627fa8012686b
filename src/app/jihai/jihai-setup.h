/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/*
 * Honor-tile mahjong's setup page: the computer's strength, the property
 * "level" (random|normal|strong) and the action setup.level. Its Start
 * button activates jihai.start.
 */
#define JIHAI_TYPE_SETUP (jihai_setup_get_type ())
G_DECLARE_FINAL_TYPE (JihaiSetup, jihai_setup, JIHAI, SETUP, GtkWidget)

const char *jihai_setup_get_level   (JihaiSetup *self);
/* "Easy", "Normal", "Strong" for a level name. */
const char *jihai_level_label       (const char *level);

G_END_DECLS
