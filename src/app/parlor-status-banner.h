/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum
{
  PARLOR_STATUS_BUSY,     /* waiting for something: a spinner */
  PARLOR_STATUS_READY,    /* all is well, the next step is the player's */
  PARLOR_STATUS_ERROR,    /* something failed: error colours */
} ParlorStatusKind;

#define PARLOR_TYPE_STATUS_BANNER (parlor_status_banner_get_type ())
G_DECLARE_FINAL_TYPE (ParlorStatusBanner, parlor_status_banner, PARLOR, STATUS_BANNER, GtkWidget)

/*
 * A strip under a window's header bar that says what is going on: a title,
 * an optional detail line and an icon for its kind. Assistive technology
 * sees a status whose name and description follow the text.
 */
GtkWidget        *parlor_status_banner_new        (void);
void              parlor_status_banner_set        (ParlorStatusBanner *self,
                                                   ParlorStatusKind    kind,
                                                   const char         *title,
                                                   const char         *detail);
ParlorStatusKind  parlor_status_banner_get_kind   (ParlorStatusBanner *self);
const char       *parlor_status_banner_get_title  (ParlorStatusBanner *self);
const char       *parlor_status_banner_get_detail (ParlorStatusBanner *self);

G_END_DECLS
