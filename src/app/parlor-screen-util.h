/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "parlor-session.h"

G_BEGIN_DECLS

/* What every game screen shows the same way. */
void       parlor_screen_toast              (GtkWidget     *screen,
                                             const char    *message);
/* Sets a status label's text and accessible name, which screen readers
 * present (GTK 4.8 has no announce call). */
void       parlor_screen_announce           (GtkLabel      *status,
                                             const char    *text);
/* "Connection Lost" with Reconnect (a lost connection: the session then
 * tries a few times, telling its log), or "The Host Left"; Back to Menu
 * in both. */
GtkWindow *parlor_screen_show_connection_lost (GtkWidget     *screen,
                                             ParlorSession *session,
                                             const GError  *error);

G_END_DECLS
