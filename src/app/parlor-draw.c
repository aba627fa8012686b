/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-draw"

#include "config.h"

#include "parlor-draw.h"

/* @text centred on (@cx, @cy), @size pixels high. */
void
parlor_draw_text (GtkSnapshot   *snapshot,
                  GtkWidget     *widget,
                  const char    *text,
                  double         cx,
                  double         cy,
                  double         size,
                  gboolean       bold,
                  const GdkRGBA *color)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (widget, text);
  PangoFontDescription *font = pango_font_description_new ();
  int w, h;

  pango_font_description_set_family (font, "Cantarell, Noto Sans, sans");
  pango_font_description_set_absolute_size (font, MAX (size, 6) * PANGO_SCALE);
  pango_font_description_set_weight (font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_get_pixel_size (layout, &w, &h);

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (cx - w / 2.0, cy - h / 2.0));
  gtk_snapshot_append_layout (snapshot, layout, color);
  gtk_snapshot_restore (snapshot);
}

void
parlor_draw_ring (GtkSnapshot           *snapshot,
                  const graphene_rect_t *rect,
                  double                 width,
                  double                 radius,
                  const GdkRGBA         *color)
{
  GskRoundedRect rr;
  float widths[4] = { width, width, width, width };
  GdkRGBA colors[4] = { *color, *color, *color, *color };

  gsk_rounded_rect_init_from_rect (&rr, rect, radius);
  gtk_snapshot_append_border (snapshot, &rr, widths, colors);
}

void
parlor_draw_fill (GtkSnapshot           *snapshot,
                  const graphene_rect_t *rect,
                  double                 radius,
                  const GdkRGBA         *color)
{
  GskRoundedRect rr;

  gsk_rounded_rect_init_from_rect (&rr, rect, radius);
  gtk_snapshot_push_rounded_clip (snapshot, &rr);
  gtk_snapshot_append_color (snapshot, color, rect);
  gtk_snapshot_pop (snapshot);
}
