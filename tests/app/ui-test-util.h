/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "parlor-application.h"
#include "parlor-window.h"

G_BEGIN_DECLS

/* What the UI tests share: one app, its window, waiting and screenshots. */
void               ui_test_init       (int         *argc,
                                       char      ***argv);
ParlorApplication *ui_test_get_app    (void);
ParlorWindow      *ui_test_get_window (void);
void               ui_test_iterate    (guint        ms);
void               ui_test_wait_for_done (gboolean (*done) (gpointer),
                                       gpointer     data,
                                       const char  *what);
#define ui_test_wait_for(done, data) ui_test_wait_for_done (done, data, #done)
/* Renders @widget to screenshots/NAME[-LANGUAGE].png in the build dir, for a person to look at. */
void               ui_test_screenshot (GtkWidget   *widget,
                                       const char  *name);
/* The same after only @settle_ms, to catch an animation in the middle. */
void               ui_test_screenshot_after (GtkWidget *widget,
                                       const char  *name,
                                       guint        settle_ms);
int                ui_test_run        (void);

G_END_DECLS
