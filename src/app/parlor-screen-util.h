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
/* The label keeps, from when it is first shown, the height of @sample in
 * the player's language (a Korean or Chinese line is taller; a wrapped line
 * takes two), so what lies around it does not move when its text changes. */
void       parlor_label_keep_height         (GtkLabel      *label,
                                             const char    *sample);
/* GTK 4.8 names a widget that a mnemonic label points at twice, from its
 * own label and from that label ("_Start Start"); from now on every widget
 * shown is named by that label once. */
void       parlor_name_mnemonic_controls     (void);
/* Names @widget for screen readers, unless that is its name already:
 * GTK 4.8 tells them of every naming, and they say the name again. */
void       parlor_accessible_set_name       (GtkWidget     *widget,
                                             const char    *name);
/* Names @widget and the controls in it now, as they are named once shown:
 * for a control that may take the focus as it is shown, which is heard
 * with the name it has then. */
void       parlor_accessible_name_now       (GtkWidget     *widget);
/* Gives @widget the focus; one not shown yet takes it again once it is
 * shown and named, as GTK 4.8 tells screen readers of no focus given to a
 * widget before it is shown. */
gboolean   parlor_widget_grab_focus_heard   (GtkWidget     *widget);
/* GTK 4.8 shows screen readers every page of a stack at once; from now on
 * the pages a stack does not show are hidden from them. */
void       parlor_hide_unseen_pages          (void);
/* A part of a drawn widget for screen readers: no look, no input, a role,
 * a name the owner sets; the owner allocates it where the part is drawn. */
GtkWidget *parlor_accessible_part_new       (GtkAccessibleRole role);
/* Allocates @part over @rect of its parent (hidden parts are skipped). */
void       parlor_accessible_part_allocate  (GtkWidget     *part,
                                             const graphene_rect_t *rect);
/* The keys of a board's cursor: the arrows (and the keypad's) activate
 * @move_action with ("(ii)" dx, dy); Return, Enter and Space activate
 * @activate_action, when given. */
void       parlor_widget_class_add_grid_keys (GtkWidgetClass *widget_class,
                                              const char     *move_action,
                                              const char     *activate_action);
/* The keys of a row of cards or tiles: Left and Right activate
 * @move_action with ("i") -1 and 1, Home and End with -@n_max and @n_max;
 * Return, Enter and Space activate @activate_action. */
void       parlor_widget_class_add_row_keys  (GtkWidgetClass *widget_class,
                                              const char     *move_action,
                                              int             n_max,
                                              const char     *activate_action);
/* "Connection Lost" with Reconnect (a lost connection: the session then
 * tries a few times, telling its log), or "The Host Left"; Back to Menu
 * in both. */
GtkWindow *parlor_screen_show_connection_lost (GtkWidget     *screen,
                                             ParlorSession *session,
                                             const GError  *error);

G_END_DECLS
