/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "triad-card"

#include "config.h"

#include <glib/gi18n.h>

#include "parlor-draw.h"
#include "triad-card.h"

static void
face_colors (TriadFace  face,
             GdkRGBA   *light,
             GdkRGBA   *dark)
{
  /* GNOME palette: blue 2/5, red 2/5, and a dark violet for backs. */
  switch (face)
    {
    case TRIAD_FACE_BLUE:
      gdk_rgba_parse (light, "#62a0ea");
      gdk_rgba_parse (dark, "#1a5fb4");
      break;
    case TRIAD_FACE_RED:
      gdk_rgba_parse (light, "#f66151");
      gdk_rgba_parse (dark, "#a51d2d");
      break;
    case TRIAD_FACE_BACK:
    default:
      gdk_rgba_parse (light, "#613583");
      gdk_rgba_parse (dark, "#241f31");
      break;
    }
}

void
triad_card_fit (double  width,
                double  height,
                double *card_width,
                double *card_height)
{
  double h = MIN (height, width / TRIAD_CARD_ASPECT);

  *card_height = MAX (h, 0);
  *card_width = *card_height * TRIAD_CARD_ASPECT;
}

char *
triad_card_to_text (const TriadCard *card)
{
  g_return_val_if_fail (card != NULL, NULL);

  /* Translators: a card's four numbers, read aloud: "top 7, right 3, bottom 10, left 5" */
  return g_strdup_printf (_("top %u, right %u, bottom %u, left %u"),
                          card->rank[TRIAD_SIDE_TOP], card->rank[TRIAD_SIDE_RIGHT],
                          card->rank[TRIAD_SIDE_BOTTOM], card->rank[TRIAD_SIDE_LEFT]);
}

static void
append_stripes (GtkSnapshot           *snapshot,
                const graphene_rect_t *rect,
                double                 period,
                gboolean               rising,
                double                 line_share,
                const GdkRGBA         *ink)
{
  GdkRGBA clear = *ink;
  GskColorStop stops[4];
  graphene_point_t start, end;

  clear.alpha = 0;
  stops[0] = (GskColorStop) { 0, clear };
  stops[1] = (GskColorStop) { 1 - line_share, clear };
  stops[2] = (GskColorStop) { 1 - line_share, *ink };
  stops[3] = (GskColorStop) { 1, *ink };
  start = GRAPHENE_POINT_INIT (rect->origin.x, rect->origin.y);
  end = rising ? GRAPHENE_POINT_INIT (rect->origin.x + period, rect->origin.y - period)
               : GRAPHENE_POINT_INIT (rect->origin.x + period, rect->origin.y + period);
  gtk_snapshot_append_repeating_linear_gradient (snapshot, rect, &start, &end, stops, 4);
}

static void
append_emblem (GtkSnapshot           *snapshot,
               const graphene_rect_t *rect,
               TriadFace              face)
{
  double w = rect->size.width;
  double cx = rect->origin.x + w / 2, cy = rect->origin.y + rect->size.height / 2;
  GdkRGBA ink = { 1, 1, 1, 0.5 };

  if (face == TRIAD_FACE_BLUE)
    {
      double d = w * 0.26;

      parlor_draw_ring (snapshot, &GRAPHENE_RECT_INIT (cx - d / 2, cy - d / 2, d, d),
                              MAX (1.5, w * 0.035), d / 2, &ink);
    }
  else
    {
      double d = w * (face == TRIAD_FACE_RED ? 0.19 : 0.3);

      if (face == TRIAD_FACE_BACK)
        gdk_rgba_parse (&ink, "rgba(246,211,45,0.7)");
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (cx, cy));
      gtk_snapshot_rotate (snapshot, 45);
      parlor_draw_ring (snapshot, &GRAPHENE_RECT_INIT (-d / 2, -d / 2, d, d),
                              MAX (1.5, w * 0.035), 0, &ink);
      gtk_snapshot_restore (snapshot);
    }
}

void
triad_card_snapshot (GtkSnapshot           *snapshot,
                     GtkWidget             *widget,
                     const graphene_rect_t *rect,
                     const TriadCard       *card,
                     TriadFace              face)
{
  double w = rect->size.width, h = rect->size.height;
  double x = rect->origin.x, y = rect->origin.y;
  double radius = w * 0.09;
  GdkRGBA light, dark, edge = { 0, 0, 0, 0.45 };
  GskColorStop stops[2];
  GskRoundedRect rr;

  if (w < 4 || h < 4)
    return;

  face_colors (face, &light, &dark);
  stops[0] = (GskColorStop) { 0, light };
  stops[1] = (GskColorStop) { 1, dark };

  gsk_rounded_rect_init_from_rect (&rr, rect, radius);
  gtk_snapshot_push_rounded_clip (snapshot, &rr);
  gtk_snapshot_append_linear_gradient (snapshot, rect, &GRAPHENE_POINT_INIT (x, y),
                                       &GRAPHENE_POINT_INIT (x + w * 0.6, y + h), stops, 2);
  if (face == TRIAD_FACE_RED)
    append_stripes (snapshot, rect, w * 0.12, FALSE, 0.4, &(GdkRGBA) { 1, 1, 1, 0.14 });
  else if (face == TRIAD_FACE_BACK)
    {
      GdkRGBA gold = { 0.96, 0.83, 0.18, 0.22 };

      append_stripes (snapshot, rect, w * 0.14, FALSE, 0.12, &gold);
      append_stripes (snapshot, rect, w * 0.14, TRUE, 0.12, &gold);
    }
  gtk_snapshot_pop (snapshot);

  parlor_draw_ring (snapshot, rect, 1.5, radius, &edge);
  {
    graphene_rect_t inner;
    GdkRGBA shine = { 1, 1, 1, face == TRIAD_FACE_BACK ? 0.45 : 0.3 };

    graphene_rect_inset_r (rect, MAX (2.5, w * 0.04), MAX (2.5, w * 0.04), &inner);
    parlor_draw_ring (snapshot, &inner, 1, radius * 0.7, &shine);
  }

  append_emblem (snapshot, rect, face);

  if (card != NULL && face != TRIAD_FACE_BACK)
    {
      static const double pos[4][2] = { { 0.5, 0.18 }, { 0.8, 0.5 }, { 0.5, 0.82 }, { 0.2, 0.5 } };
      GdkRGBA white = { 1, 1, 1, 1 };
      GskShadow shadow = { { 0, 0, 0, 0.7 }, 0, MAX (1, h * 0.008), MAX (1.5, h * 0.02) };

      gtk_snapshot_push_shadow (snapshot, &shadow, 1);
      for (int side = 0; side < 4; side++)
        {
          char text[3];

          if (card->rank[side] >= 10)
            g_strlcpy (text, "A", sizeof text);
          else
            g_snprintf (text, sizeof text, "%u", card->rank[side]);
          parlor_draw_text (snapshot, widget, text,
                            x + w * pos[side][0], y + h * pos[side][1], h * 0.2, TRUE, &white);
        }
      gtk_snapshot_pop (snapshot);
    }
}
