/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PARLOR_TYPE_LOG_VIEW (parlor_log_view_get_type ())
G_DECLARE_FINAL_TYPE (ParlorLogView, parlor_log_view, PARLOR, LOG_VIEW, GtkWidget)

/* The game log pane: plain-word entries, newest at the bottom and kept in sight. */
GtkWidget *parlor_log_view_new      (void);
void       parlor_log_view_append   (ParlorLogView *self,
                                     const char    *text,
                                     gboolean       emphasis);
void       parlor_log_view_clear    (ParlorLogView *self);
char      *parlor_log_view_get_text (ParlorLogView *self);
/* Shown, dim and centred, while the log is empty (NULL: nothing). */
void       parlor_log_view_set_placeholder_text (ParlorLogView *self,
                                                 const char    *text);
void       parlor_log_view_set_accessible_name  (ParlorLogView *self,
                                                 const char    *name);
gboolean   parlor_log_view_shows_placeholder    (ParlorLogView *self);

G_END_DECLS
