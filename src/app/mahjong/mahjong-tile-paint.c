/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mahjong-tile-paint"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "mahjong-tile-paint.h"
#include "parlor-draw.h"

#define CJK_FONT   "Noto Serif CJK TC, Noto Serif CJK SC, Noto Sans CJK TC, Noto Sans CJK SC, serif"
#define INDEX_FONT "Cantarell, Noto Sans, sans"

/* Inks, from the GNOME palette, dark enough on ivory. */
#define INK_BLACK  0.14, 0.12, 0.19
#define INK_RED    0.75, 0.11, 0.16
#define INK_GREEN  0.10, 0.45, 0.24
#define INK_BLUE   0.10, 0.33, 0.65

typedef struct
{
  double r, g, b;
} Ink;

static const Ink black = { INK_BLACK };
static const Ink red = { INK_RED };
static const Ink green = { INK_GREEN };
static const Ink blue = { INK_BLUE };

static void
set_ink (cairo_t   *cr,
         const Ink *ink)
{
  cairo_set_source_rgb (cr, ink->r, ink->g, ink->b);
}

gboolean
mahjong_tile_style_is_dark (GtkWidget *widget)
{
  GdkRGBA fg;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  return (fg.red + fg.green + fg.blue) > 1.5;
}

void
mahjong_tile_fit (double  width,
                  double  height,
                  double *tile_width,
                  double *tile_height)
{
  double h = MAX (MIN (height, width / MAHJONG_TILE_ASPECT), 0);

  *tile_height = h;
  *tile_width = h * MAHJONG_TILE_ASPECT;
}

int
mahjong_tile_compare (gconstpointer a,
                      gconstpointer b)
{
  guint ta = *(const MahjongTile *) a, tb = *(const MahjongTile *) b;
  guint ka = ta == MAHJONG_NO_TILE ? 0xff : MAHJONG_TILE_KIND (ta);
  guint kb = tb == MAHJONG_NO_TILE ? 0xff : MAHJONG_TILE_KIND (tb);

  if (ka != kb)
    return ka < kb ? -1 : 1;
  return (int) (ta & MAHJONG_TILE_RED) - (int) (tb & MAHJONG_TILE_RED);
}

static gboolean
is_red_copy (guint tile)
{
  return tile != MAHJONG_NO_TILE && (tile & MAHJONG_TILE_RED) != 0
         && mahjong_tile_is_suited (MAHJONG_TILE_KIND (tile));
}

const char *
mahjong_tile_index_text (guint tile)
{
  static const char * const digits[] = { "1", "2", "3", "4", "5", "6", "7", "8", "9" };
  guint kind = MAHJONG_TILE_KIND (tile);

  if (tile == MAHJONG_NO_TILE || kind >= MAHJONG_N_ALL_KINDS)
    return "";
  if (kind >= MAHJONG_TILE_FLOWER)
    return digits[kind - MAHJONG_TILE_FLOWER];
  if (mahjong_tile_is_suited (kind))
    return digits[kind % 9];
  switch (kind)
    {
    case MAHJONG_TILE_EAST:
      return C_("wind index", "E");
    case MAHJONG_TILE_SOUTH:
      return C_("wind index", "S");
    case MAHJONG_TILE_WEST:
      return C_("wind index", "W");
    case MAHJONG_TILE_NORTH:
      return C_("wind index", "N");
    case MAHJONG_TILE_WHITE:
      return C_("dragon index", "Wh");
    case MAHJONG_TILE_GREEN:
      return C_("dragon index", "G");
    default:
      return C_("dragon index", "R");
    }
}

/* ---- drawing primitives (cairo, in tile coordinates) ---- */

static void
rounded_rect (cairo_t *cr,
              double   x,
              double   y,
              double   w,
              double   h,
              double   r)
{
  r = MIN (r, MIN (w, h) / 2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* @text centred on (@cx, @cy), its ink box @size high at most and @max_w wide. */
static void
draw_text (cairo_t    *cr,
           const char *text,
           const char *family,
           double      cx,
           double      cy,
           double      size,
           double      max_w,
           gboolean    bold,
           const Ink  *ink)
{
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_new ();
  PangoRectangle ink_rect;
  double scale;

  pango_font_description_set_family (font, family);
  pango_font_description_set_absolute_size (font, MAX (size, 1) * PANGO_SCALE);
  pango_font_description_set_weight (font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_extents (layout, &ink_rect, NULL);
  if (ink_rect.width <= 0 || ink_rect.height <= 0)
    return;

  /* Fit the glyphs' ink, not the line box: CJK fonts have tall line boxes. */
  scale = MIN (size / ink_rect.height, max_w / ink_rect.width);
  cairo_save (cr);
  cairo_translate (cr, cx, cy);
  cairo_scale (cr, scale, scale);
  cairo_translate (cr, -(ink_rect.x + ink_rect.width / 2.0), -(ink_rect.y + ink_rect.height / 2.0));
  set_ink (cr, ink);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

static void
draw_dot (cairo_t   *cr,
          double     cx,
          double     cy,
          double     r,
          const Ink *ink)
{
  /* A coin: a ring, a white gap, a solid centre. */
  cairo_new_path (cr);
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  set_ink (cr, ink);
  cairo_fill (cr);
  cairo_arc (cr, cx, cy, r * 0.7, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, 0.99, 0.98, 0.94);
  cairo_fill (cr);
  cairo_arc (cr, cx, cy, r * 0.45, 0, 2 * G_PI);
  set_ink (cr, ink);
  cairo_fill (cr);
}

static void
draw_dots (cairo_t *cr,
           guint    rank,
           double   x,
           double   y,
           double   w,
           double   h)
{
  /* Positions in a unit box (x, y in 0..1) and inks, as on classic tiles. */
  typedef struct { double x, y; const Ink *ink; } Spot;
  static const Spot one[] = { { .5, .5, &red } };
  static const Spot two[] = { { .5, .25, &green }, { .5, .75, &blue } };
  static const Spot three[] = { { .2, .18, &blue }, { .5, .5, &red }, { .8, .82, &green } };
  static const Spot four[] = { { .27, .25, &blue }, { .73, .25, &green },
                               { .27, .75, &green }, { .73, .75, &blue } };
  static const Spot five[] = { { .23, .2, &blue }, { .77, .2, &green }, { .5, .5, &red },
                               { .23, .8, &green }, { .77, .8, &blue } };
  static const Spot six[] = { { .28, .15, &green }, { .72, .15, &green },
                              { .28, .52, &red }, { .72, .52, &red },
                              { .28, .85, &red }, { .72, .85, &red } };
  static const Spot seven[] = { { .2, .1, &green }, { .5, .2, &green }, { .8, .3, &green },
                                { .28, .6, &red }, { .72, .6, &red },
                                { .28, .9, &red }, { .72, .9, &red } };
  static const Spot eight[] = { { .28, .11, &blue }, { .72, .11, &blue },
                                { .28, .37, &blue }, { .72, .37, &blue },
                                { .28, .63, &blue }, { .72, .63, &blue },
                                { .28, .89, &blue }, { .72, .89, &blue } };
  static const Spot nine[] = { { .18, .17, &blue }, { .5, .17, &blue }, { .82, .17, &blue },
                               { .18, .5, &red }, { .5, .5, &red }, { .82, .5, &red },
                               { .18, .83, &green }, { .5, .83, &green }, { .82, .83, &green } };
  static const struct { const Spot *spots; guint n; double r; } sets[] = {
    { one, 1, .36 }, { two, 2, .2 }, { three, 3, .17 }, { four, 4, .2 }, { five, 5, .17 },
    { six, 6, .13 }, { seven, 7, .11 }, { eight, 8, .1 }, { nine, 9, .14 },
  };
  double m = MIN (w, h);

  g_assert (rank >= 1 && rank <= 9);
  for (guint i = 0; i < sets[rank - 1].n; i++)
    {
      const Spot *s = &sets[rank - 1].spots[i];
      double r = sets[rank - 1].r * m;

      /* The eight's spots are packed tighter vertically. */
      if (rank == 8)
        r = MIN (r, h * 0.115);
      draw_dot (cr, x + s->x * w, y + s->y * h, r, s->ink);
    }
  if (rank == 1)
    {
      /* The one of dots: a big coin with a flower ring. */
      double cx = x + w / 2, cy = y + h / 2, r = .36 * m;

      set_ink (cr, &green);
      cairo_set_line_width (cr, r * 0.08);
      for (int k = 0; k < 8; k++)
        {
          double a = k * G_PI / 4;

          cairo_new_path (cr);
          cairo_arc (cr, cx + cos (a) * r * 0.58, cy + sin (a) * r * 0.58, r * 0.07, 0, 2 * G_PI);
          cairo_fill (cr);
        }
    }
}

static void
draw_stick (cairo_t   *cr,
            double     cx,
            double     cy,
            double     w,
            double     h,
            const Ink *ink)
{
  double x = cx - w / 2, y = cy - h / 2;

  rounded_rect (cr, x, y, w, h, w / 2);
  set_ink (cr, ink);
  cairo_fill (cr);
  /* The bamboo's joints: light bands at the ends and the middle. */
  cairo_set_source_rgba (cr, 1, 1, 1, 0.75);
  cairo_set_line_width (cr, MAX (h * 0.06, 0.5));
  for (int k = 0; k < 3; k++)
    {
      double jy = y + h * (0.18 + k * 0.32);

      cairo_move_to (cr, x + w * 0.15, jy);
      cairo_line_to (cr, x + w * 0.85, jy);
    }
  cairo_stroke (cr);
}

static void
draw_bird (cairo_t    *cr,
           double      x,
           double      y,
           double      w,
           double      h,
           const Ink  *body)
{
  /* The one of bamboo: a standing bird, tail fanned behind it. */
  double cx = x + w / 2, s = MIN (w, h);

  cairo_save (cr);
  cairo_translate (cr, cx, y + h / 2);
  cairo_scale (cr, s, s);
  cairo_set_line_width (cr, 0.035);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);

  /* Tail feathers. */
  for (int k = -2; k <= 2; k++)
    {
      double a = G_PI * 0.75 + k * 0.22;

      cairo_move_to (cr, -0.05, 0.12);
      cairo_line_to (cr, -0.05 + cos (a) * 0.42, 0.12 + sin (a) * 0.42 * -1.0);
      set_ink (cr, k % 2 == 0 ? &green : &blue);
      cairo_stroke (cr);
      cairo_arc (cr, -0.05 + cos (a) * 0.42, 0.12 - sin (a) * 0.42, 0.05, 0, 2 * G_PI);
      set_ink (cr, &red);
      cairo_fill (cr);
    }
  /* Body. */
  cairo_save (cr);
  cairo_translate (cr, 0.06, 0.1);
  cairo_scale (cr, 0.2, 0.14);
  cairo_arc (cr, 0, 0, 1, 0, 2 * G_PI);
  cairo_restore (cr);
  set_ink (cr, body);
  cairo_fill (cr);
  /* Neck and head. */
  cairo_move_to (cr, 0.16, 0.04);
  cairo_line_to (cr, 0.2, -0.22);
  cairo_set_line_width (cr, 0.07);
  cairo_stroke (cr);
  cairo_arc (cr, 0.2, -0.26, 0.07, 0, 2 * G_PI);
  cairo_fill (cr);
  /* Crest, beak, eye. */
  set_ink (cr, &red);
  cairo_arc (cr, 0.18, -0.36, 0.035, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_move_to (cr, 0.26, -0.29);
  cairo_line_to (cr, 0.36, -0.25);
  cairo_line_to (cr, 0.26, -0.22);
  cairo_close_path (cr);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_arc (cr, 0.22, -0.27, 0.018, 0, 2 * G_PI);
  cairo_fill (cr);
  /* Legs. */
  set_ink (cr, &black);
  cairo_set_line_width (cr, 0.025);
  cairo_move_to (cr, 0.02, 0.22);
  cairo_line_to (cr, 0.0, 0.38);
  cairo_move_to (cr, 0.1, 0.22);
  cairo_line_to (cr, 0.12, 0.38);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_bamboo (cairo_t *cr,
             guint    rank,
             gboolean red_copy,
             double   x,
             double   y,
             double   w,
             double   h)
{
  /* Sticks in a unit box; the inks follow Suzume-jong's sets, where 2 3 4 6 8
   * are all green and 1 5 7 9 carry red. A red copy is all red. */
  typedef struct { double x, y; gboolean red; } Stick;
  static const Stick two[] = { { .5, .25, 0 }, { .5, .75, 0 } };
  static const Stick three[] = { { .5, .25, 0 }, { .28, .75, 0 }, { .72, .75, 0 } };
  static const Stick four[] = { { .28, .25, 0 }, { .72, .25, 0 }, { .28, .75, 0 }, { .72, .75, 0 } };
  static const Stick five[] = { { .2, .25, 0 }, { .8, .25, 0 }, { .5, .5, 1 },
                                { .2, .75, 0 }, { .8, .75, 0 } };
  static const Stick six[] = { { .2, .25, 0 }, { .5, .25, 0 }, { .8, .25, 0 },
                               { .2, .75, 0 }, { .5, .75, 0 }, { .8, .75, 0 } };
  static const Stick seven[] = { { .5, .17, 1 }, { .2, .5, 0 }, { .5, .5, 0 }, { .8, .5, 0 },
                                 { .2, .83, 0 }, { .5, .83, 0 }, { .8, .83, 0 } };
  static const Stick eight[] = { { .14, .25, 0 }, { .38, .25, 0 }, { .62, .25, 0 }, { .86, .25, 0 },
                                 { .14, .75, 0 }, { .38, .75, 0 }, { .62, .75, 0 }, { .86, .75, 0 } };
  static const Stick nine[] = { { .2, .17, 0 }, { .5, .17, 1 }, { .8, .17, 0 },
                                { .2, .5, 0 }, { .5, .5, 1 }, { .8, .5, 0 },
                                { .2, .83, 0 }, { .5, .83, 1 }, { .8, .83, 0 } };
  static const struct { const Stick *sticks; guint n; double sh; double sw; } sets[] = {
    { NULL, 0, 0, 0 }, { two, 2, .44, .16 }, { three, 3, .44, .16 }, { four, 4, .44, .16 },
    { five, 5, .44, .15 }, { six, 6, .44, .15 }, { seven, 7, .3, .15 },
    { eight, 8, .44, .13 }, { nine, 9, .3, .15 },
  };

  g_assert (rank >= 1 && rank <= 9);
  if (rank == 1)
    {
      draw_bird (cr, x, y, w, h, red_copy ? &red : &green);
      return;
    }
  for (guint i = 0; i < sets[rank - 1].n; i++)
    {
      const Stick *s = &sets[rank - 1].sticks[i];

      draw_stick (cr, x + s->x * w, y + s->y * h, sets[rank - 1].sw * w, sets[rank - 1].sh * h,
                  red_copy || s->red ? &red : &green);
    }
}

static void
draw_characters (cairo_t *cr,
                 guint    rank,
                 double   x,
                 double   y,
                 double   w,
                 double   h)
{
  static const char * const numerals[] = { "一", "二", "三", "四", "五", "六", "七", "八", "九" };

  g_assert (rank >= 1 && rank <= 9);
  /* 一 is one flat stroke: as wide as the others, not as tall. */
  draw_text (cr, numerals[rank - 1], CJK_FONT, x + w / 2, y + h * 0.22,
             h * 0.36, rank == 1 ? w * 0.62 : w * 0.8, TRUE, &black);
  draw_text (cr, "萬", CJK_FONT, x + w / 2, y + h * 0.72, h * 0.48, w * 0.92, TRUE, &red);
}

static void
draw_honor (cairo_t *cr,
            guint    kind,
            double   x,
            double   y,
            double   w,
            double   h)
{
  static const char * const glyphs[] = { "東", "南", "西", "北", "白", "發", "中" };

  if (kind == MAHJONG_TILE_WHITE)
    {
      /* The white dragon: a blue double frame. */
      double fw = w * 0.72, fh = h * 0.8, lw = MAX (w * 0.07, 1);

      set_ink (cr, &blue);
      cairo_set_line_width (cr, lw);
      rounded_rect (cr, x + (w - fw) / 2, y + (h - fh) / 2, fw, fh, lw);
      cairo_stroke (cr);
      cairo_set_line_width (cr, lw * 0.45);
      rounded_rect (cr, x + (w - fw) / 2 + lw * 1.6, y + (h - fh) / 2 + lw * 1.6,
                    fw - lw * 3.2, fh - lw * 3.2, lw * 0.5);
      cairo_stroke (cr);
      return;
    }
  draw_text (cr, glyphs[kind - MAHJONG_TILE_EAST], CJK_FONT, x + w / 2, y + h / 2, h * 0.66, w * 0.92,
             TRUE, kind == MAHJONG_TILE_GREEN ? &green : kind == MAHJONG_TILE_RED_DRAGON ? &red : &black);
}

static void
draw_flower (cairo_t *cr,
             guint    number,
             double   x,
             double   y,
             double   w,
             double   h)
{
  /* Plum, orchid, chrysanthemum, bamboo; spring, summer, autumn, winter. */
  static const char * const glyphs[] = { "梅", "蘭", "菊", "竹", "春", "夏", "秋", "冬" };
  const Ink *ink = number <= 4 ? &green : &blue;
  double cx = x + w / 2, cy = y + h * 0.62, r = MIN (w, h) * 0.13;

  /* A blossom of five petals above the name; seasons have a sun ring. */
  for (int k = 0; k < 5; k++)
    {
      double a = -G_PI / 2 + k * 2 * G_PI / 5;

      cairo_new_path (cr);
      cairo_arc (cr, cx + cos (a) * r, y + h * 0.2 + sin (a) * r, r * 0.62, 0, 2 * G_PI);
      set_ink (cr, number <= 4 ? &red : &blue);
      cairo_fill (cr);
    }
  cairo_arc (cr, cx, y + h * 0.2, r * 0.45, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, 0.96, 0.83, 0.18);
  cairo_fill (cr);
  draw_text (cr, glyphs[number - 1], CJK_FONT, cx, cy, h * 0.4, w * 0.8, TRUE, ink);
}

static void
draw_back (cairo_t *cr,
           double   x,
           double   y,
           double   w,
           double   h,
           gboolean dark)
{
  double r = w * 0.12;

  rounded_rect (cr, x, y, w, h, r);
  if (dark)
    cairo_set_source_rgb (cr, 0.10, 0.37, 0.26);
  else
    cairo_set_source_rgb (cr, 0.15, 0.55, 0.38);
  cairo_fill (cr);
  /* A lighter inner panel, so a back reads as a tile at any size. */
  cairo_set_line_width (cr, MAX (w * 0.04, 0.75));
  cairo_set_source_rgba (cr, 1, 1, 1, 0.35);
  rounded_rect (cr, x + w * 0.16, y + w * 0.16, w - w * 0.32, h - w * 0.32, r * 0.6);
  cairo_stroke (cr);
}

static void
paint_tile (cairo_t *cr,
            guint    tile,
            double   w,
            double   h,
            gboolean back,
            gboolean dark,
            gboolean dimmed)
{
  guint kind = MAHJONG_TILE_KIND (tile);
  double depth = h * 0.07, r = w * 0.12;
  double fh = h - depth;
  double fx, fy, fw, fa, index_size;
  gboolean with_index = h >= 26;

  /* The tile's body seen a little from the front: a green back edge below. */
  rounded_rect (cr, 0, 0, w, h, r);
  cairo_set_source_rgb (cr, dark ? 0.08 : 0.12, dark ? 0.30 : 0.45, dark ? 0.21 : 0.31);
  cairo_fill (cr);

  if (back || tile == MAHJONG_NO_TILE)
    {
      draw_back (cr, 0, 0, w, fh, dark);
      return;
    }

  rounded_rect (cr, 0, 0, w, fh, r);
  if (dark)
    cairo_set_source_rgb (cr, 0.90, 0.88, 0.82);
  else
    cairo_set_source_rgb (cr, 0.99, 0.98, 0.94);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  cairo_set_line_width (cr, MAX (w * 0.02, 0.5));
  cairo_stroke (cr);

  /* The face's picture, under the corner index. */
  fx = w * 0.1;
  fw = w * 0.8;
  /* Small tiles get a relatively larger index, to stay readable. */
  index_size = fh * (h < 48 ? 0.19 : 0.15);
  fy = with_index ? index_size * 1.3 : fh * 0.08;
  fa = fh - fy - fh * 0.07;

  if (kind >= MAHJONG_TILE_FLOWER)
    draw_flower (cr, kind - MAHJONG_TILE_FLOWER + 1, fx, fy, fw, fa);
  else if (mahjong_tile_is_honor (kind))
    draw_honor (cr, kind, fx, fy, fw, fa);
  else if (mahjong_tile_suit (kind) == 0)
    draw_characters (cr, mahjong_tile_rank (kind), fx, fy, fw, fa);
  else if (mahjong_tile_suit (kind) == 1)
    draw_dots (cr, mahjong_tile_rank (kind), fx, fy, fw, fa);
  else
    draw_bamboo (cr, mahjong_tile_rank (kind), is_red_copy (tile), fx, fy, fw, fa);

  if (with_index)
    {
      const char *index = mahjong_tile_index_text (tile);
      double size = index_size;
      double ix = w * 0.07 + size * 0.35 * g_utf8_strlen (index, -1);

      draw_text (cr, index, INDEX_FONT, ix, size * 0.7, size,
                 w * 0.4, TRUE, is_red_copy (tile) ? &red : &black);
      if (is_red_copy (tile))
        {
          /* Not colour alone: a red copy also has a diamond in the other corner. */
          double d = size * 0.5, dx = w - w * 0.13, dy = size * 0.7;

          cairo_move_to (cr, dx, dy - d);
          cairo_line_to (cr, dx + d, dy);
          cairo_line_to (cr, dx, dy + d);
          cairo_line_to (cr, dx - d, dy);
          cairo_close_path (cr);
          set_ink (cr, &red);
          cairo_fill_preserve (cr);
          set_ink (cr, &black);
          cairo_set_line_width (cr, MAX (size * 0.1, 0.5));
          cairo_stroke (cr);
        }
    }
  else if (is_red_copy (tile))
    {
      double d = w * 0.1;

      cairo_arc (cr, w - d * 1.5, d * 1.5, d, 0, 2 * G_PI);
      set_ink (cr, &red);
      cairo_fill (cr);
    }

  if (dimmed)
    {
      /* A claimed discard: faded, with a folded corner. */
      rounded_rect (cr, 0, 0, w, h, r);
      cairo_set_source_rgba (cr, dark ? 0.14 : 0.6, dark ? 0.14 : 0.6, dark ? 0.14 : 0.6, 0.55);
      cairo_fill (cr);
      cairo_move_to (cr, w, fh * 0.72);
      cairo_line_to (cr, w, fh);
      cairo_line_to (cr, w - w * 0.36, fh);
      cairo_close_path (cr);
      cairo_set_source_rgb (cr, dark ? 0.9 : 0.2, dark ? 0.9 : 0.2, dark ? 0.9 : 0.2);
      cairo_fill (cr);
    }
}

/*
 * Faces are drawn with cairo once per tile, state, style and pixel size, and
 * kept as textures: cheap to redraw, and crisp because they are drawn at the
 * device's pixel size. (Cairo render nodes would be redrawn every frame, and
 * GTK 4.8's GL renderer may reuse a stale cached image of a freed node.)
 */
#define CACHE_MAX 1024

static GHashTable *texture_cache;

static GdkTexture *
tile_texture (guint                 tile,
              MahjongTilePaintFlags flags,
              gboolean              dark,
              double                w,
              double                h,
              int                   scale)
{
  int pw = MAX ((int) ceil (w * scale), 1), ph = MAX ((int) ceil (h * scale), 1);
  gboolean back = (flags & MAHJONG_TILE_PAINT_BACK) != 0 || tile == MAHJONG_NO_TILE;
  gboolean dimmed = (flags & MAHJONG_TILE_PAINT_DIMMED) != 0;
  guint64 key = ((guint64) (back ? MAHJONG_NO_TILE : tile) << 40) | ((guint64) dimmed << 33)
                | ((guint64) !!dark << 32) | ((guint64) (pw & 0xffff) << 16) | (guint64) (ph & 0xffff);
  g_autoptr(GBytes) bytes = NULL;
  cairo_surface_t *surface;
  GdkTexture *texture;
  cairo_t *cr;

  if (texture_cache == NULL)
    texture_cache = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_object_unref);
  texture = g_hash_table_lookup (texture_cache, &key);
  if (texture != NULL)
    return texture;
  /* Sizes change while a window is resized: start again now and then. */
  if (g_hash_table_size (texture_cache) >= CACHE_MAX)
    g_hash_table_remove_all (texture_cache);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pw, ph);
  cr = cairo_create (surface);
  cairo_scale (cr, pw / w, ph / h);
  paint_tile (cr, tile, w, h, back, dark, dimmed);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                       (gsize) cairo_image_surface_get_stride (surface) * ph);
  texture = gdk_memory_texture_new (pw, ph, GDK_MEMORY_DEFAULT, bytes,
                                    cairo_image_surface_get_stride (surface));
  cairo_surface_destroy (surface);
  g_hash_table_insert (texture_cache, g_memdup2 (&key, sizeof key), texture);
  return texture;
}

void
mahjong_tile_paint (GtkSnapshot           *snapshot,
                    GtkWidget             *widget,
                    const graphene_rect_t *rect,
                    guint                  tile,
                    MahjongTilePaintFlags  flags)
{
  GdkTexture *texture;
  gboolean dark;
  double w, h;

  g_return_if_fail (snapshot != NULL);
  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (rect != NULL);
  g_return_if_fail (tile == MAHJONG_NO_TILE || MAHJONG_TILE_KIND (tile) < MAHJONG_N_ALL_KINDS);

  w = rect->size.width;
  h = rect->size.height;
  if (w < 2 || h < 2)
    return;
  dark = mahjong_tile_style_is_dark (widget);

  /* A soft shadow under the tile. */
  {
    GskRoundedRect outline;

    gsk_rounded_rect_init_from_rect (&outline, rect, w * 0.12);
    gtk_snapshot_append_outset_shadow (snapshot, &outline, &(GdkRGBA) { 0, 0, 0, dark ? 0.5 : 0.25 },
                                       0, MAX (h * 0.02, 0.5), 0, MAX (h * 0.04, 1));
  }

  texture = tile_texture (tile, flags, dark, w, h, gtk_widget_get_scale_factor (widget));
  gtk_snapshot_append_texture (snapshot, texture, rect);

  if (flags & (MAHJONG_TILE_PAINT_SELECTED | MAHJONG_TILE_PAINT_HIGHLIGHT | MAHJONG_TILE_PAINT_FOCUS))
    {
      double out = MAX (2, w * 0.06);
      graphene_rect_t outer;
      GdkRGBA ring;

      graphene_rect_inset_r (rect, -out, -out, &outer);
      if (flags & MAHJONG_TILE_PAINT_HIGHLIGHT)
        {
          gdk_rgba_parse (&ring, "#e5a50a");
          parlor_draw_ring (snapshot, &outer, MAX (2, w * 0.06), w * 0.16, &ring);
        }
      if (flags & MAHJONG_TILE_PAINT_SELECTED)
        {
          gdk_rgba_parse (&ring, dark ? "#78aeed" : "#1c71d8");
          parlor_draw_ring (snapshot, &outer, MAX (2, w * 0.06), w * 0.16, &ring);
        }
      if (flags & MAHJONG_TILE_PAINT_FOCUS)
        {
          graphene_rect_t focus;

          ring = dark ? (GdkRGBA) { 1, 1, 1, 0.9 } : (GdkRGBA) { 0, 0, 0, 0.8 };
          graphene_rect_inset_r (&outer, -2, -2, &focus);
          parlor_draw_ring (snapshot, &focus, 2, w * 0.18, &ring);
        }
    }
}
