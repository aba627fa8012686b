/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Small drawing steps the custom-drawn boards share. */
void parlor_draw_text (GtkSnapshot           *snapshot,
                       GtkWidget             *widget,
                       const char            *text,
                       double                 cx,
                       double                 cy,
                       double                 size,
                       gboolean               bold,
                       const GdkRGBA         *color);
void parlor_draw_ring (GtkSnapshot           *snapshot,
                       const graphene_rect_t *rect,
                       double                 width,
                       double                 radius,
                       const GdkRGBA         *color);
void parlor_draw_fill (GtkSnapshot           *snapshot,
                       const graphene_rect_t *rect,
                       double                 radius,
                       const GdkRGBA         *color);

G_END_DECLS
