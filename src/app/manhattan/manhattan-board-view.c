/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "manhattan-board"

#include "config.h"

#include <glib/gi18n.h>

#include "manhattan-board-view.h"
#include "manhattan-city-box.h"
#include "manhattan-game.h"
#include "manhattan-spot.h"
#include "parlor-draw.h"
#include "parlor-screen-util.h"

#define CITY_COLS 3
#define CITY_ROWS 2
#define SPOT_GAP MANHATTAN_SPOT_GAP
#define CITY_GAP 0.45
#define EDGE_BAND 22.0     /* pixels for the seat names above and below the board */
#define SIDE_BAND 96.0     /* pixels for the seat names left and right, written across */
#define NARROW_BAND 56.0   /* the same with the seat alone, when the board is short of width */

/*
 * The board is a tree of real widgets so that keyboard and assistive
 * technology reach every part of it: the board holds six cities (groups
 * named "City 1" …), each city holds nine spots (buttons named by their
 * place as the player sees it, described by what stands there). The board
 * draws the seat names; a city its ground and number; a spot its building.
 */

struct _ManhattanBoardView
{
  GtkWidget         parent_instance;

  ManhattanView     view;
  gboolean          has_view;
  char             *names[MANHATTAN_N_SEATS];
  int               card;
  int               block;
  gboolean          flat;           /* the plan with numbers instead of towers */
  int               last_city;
  int               last_spot;
  int               cursor_city;
  int               cursor_row;     /* screen row/col inside the city */
  int               cursor_col;

  GtkWidget        *cities[MANHATTAN_N_CITIES];
  GtkWidget        *spots[MANHATTAN_N_CITIES][MANHATTAN_N_SPOTS];   /* by screen position */

  /* Layout of the last allocation. */
  double            origin_x;
  double            origin_y;
  double            spot;
  double            side_band;
};

G_DEFINE_FINAL_TYPE (ManhattanBoardView, manhattan_board_view, GTK_TYPE_WIDGET)

enum {
  SPOT_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- shared helpers ---- */

void
manhattan_seat_color (int      seat,
                      GdkRGBA *color)
{
  /* GNOME palette: blue, orange, green, purple. */
  static const char * const colors[] = { "#3584e4", "#e66100", "#2ec27e", "#9141ac" };

  g_return_if_fail (seat >= 0 && seat < MANHATTAN_N_SEATS);
  gdk_rgba_parse (color, colors[seat]);
}

const char *
manhattan_seat_letter (int seat)
{
  /* Translators: one-letter abbreviations of North, East, South, West */
  static const char * const letters[] = { N_("N"), N_("E"), N_("S"), N_("W") };

  g_return_val_if_fail (seat >= 0 && seat < MANHATTAN_N_SEATS, "");
  return _(letters[seat]);
}

const char *
manhattan_position_name (int position)
{
  g_return_val_if_fail (position >= 0 && position < MANHATTAN_N_SPOTS, "");
  return manhattan_place_name ((guint) position);
}

int
manhattan_position_of_spot (int seat,
                            int row,
                            int col)
{
  int frame = seat >= 0 && seat < MANHATTAN_N_SEATS ? seat : MANHATTAN_SOUTH;

  for (int p = 0; p < MANHATTAN_N_SPOTS; p++)
    {
      int r, c;

      manhattan_card_spot (frame, p, &r, &c);
      if (r == row && c == col)
        return p;
    }
  g_return_val_if_reached (0);
}

static int
me (ManhattanBoardView *self)
{
  /* The public view is drawn as South sees it: North at the top. */
  return self->has_view && self->view.seat >= 0 ? self->view.seat : MANHATTAN_SOUTH;
}

/* Screen position inside a city → board spot. */
static void
screen_to_board (ManhattanBoardView *self,
                 int                 srow,
                 int                 scol,
                 int                *row,
                 int                *col)
{
  manhattan_card_spot (me (self), srow * 3 + scol, row, col);
}

/* Which screen side a seat sits at: 0 bottom, 1 left, 2 top, 3 right. */
static int
seat_side (ManhattanBoardView *self,
           int                 seat)
{
  return (seat - me (self) + MANHATTAN_N_SEATS) % MANHATTAN_N_SEATS;
}

static const char *
display_name (ManhattanBoardView *self,
              int                 seat)
{
  if (self->has_view && seat == self->view.seat)
    return _("you");
  return self->names[seat] != NULL ? self->names[seat] : manhattan_seat_name (seat);
}

static void
layout (ManhattanBoardView *self,
        double              width,
        double              height)
{
  /* A city's ground reaches a gap beyond its spots on every side. */
  double units_w = CITY_COLS * (3 + 4 * SPOT_GAP) + (CITY_COLS - 1) * CITY_GAP;
  double units_h = CITY_ROWS * (3 + 4 * SPOT_GAP) + (CITY_ROWS - 1) * CITY_GAP;
  double avail_h = MAX (height - 2 * EDGE_BAND, 1);
  /* The side names give up the players' names (the score table has them)
   * before the board gives up size. */
  double band = CLAMP ((width - units_w * avail_h / units_h) / 2, NARROW_BAND, SIDE_BAND);
  double avail_w = MAX (width - 2 * band, 1);

  self->side_band = band;
  self->spot = MIN (avail_w / units_w, avail_h / units_h);
  self->origin_x = (width - units_w * self->spot) / 2;
  self->origin_y = (height - units_h * self->spot) / 2;
}

static gboolean
spot_is_tallest (ManhattanBoardView *self,
                 int                 city,
                 int                 spot,
                 int                 tallest)
{
  return tallest > 0 && manhattan_spot_height (self->view.board.storeys[city][spot]) == tallest;
}

/* Whether the view's moves let the player build on the spot at screen
 * @position of @city now, with the card and block picked (or any). */
static gboolean
spot_buildable (ManhattanBoardView *self,
                int                 city,
                int                 position)
{
  if (!self->has_view || (self->card >= 0 && self->card != position))
    return FALSE;
  for (int b = 1; b <= MANHATTAN_MAX_BLOCK; b++)
    if ((self->block == 0 || self->block == b) &&
        (self->view.play_cities[position][b] & (1u << city)) != 0)
      return TRUE;
  return FALSE;
}

static char *
spot_label (ManhattanBoardView *self,
            int                 city,
            int                 position)
{
  /* Translators: a place on the board: "City 3, far left" */
  return g_strdup_printf (_("City %d, %s"), city + 1, manhattan_position_name (position));
}

/* What stands on the spot, for the accessible description and the tooltip. */
static char *
spot_contents (ManhattanBoardView *self,
               int                 city,
               int                 position)
{
  GString *out = g_string_new (NULL);
  int row, col, spot, owner, tallest;
  const guint8 *storeys;

  if (!self->has_view)
    return g_string_free (out, FALSE);

  screen_to_board (self, position / 3, position % 3, &row, &col);
  spot = row * 3 + col;
  storeys = self->view.board.storeys[city][spot];
  owner = self->view.board.owner[city][spot];
  if (owner < 0)
    g_string_append (out, _("empty"));
  else
    {
      gboolean first = TRUE;

      /* Translators: "5 storeys, owned by North" */
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%d storey, owned by %s",
                                                "%d storeys, owned by %s",
                                                manhattan_spot_height (storeys)),
                              manhattan_spot_height (storeys), display_name (self, owner));
      g_string_append (out, " (");
      for (int s = 0; s < MANHATTAN_N_SEATS; s++)
        if (storeys[s] > 0)
          {
            /* Translators: a player's storeys in a building: "North 3" */
            g_string_append_printf (out, _("%s%s %d"), first ? "" : ", ", display_name (self, s), storeys[s]);
            first = FALSE;
          }
      g_string_append (out, ")");
      tallest = manhattan_view_tallest (&self->view, NULL);
      if (spot_is_tallest (self, city, spot, tallest))
        g_string_append_printf (out, "; %s", _("tallest building"));
    }
  if (spot_buildable (self, city, position))
    g_string_append_printf (out, "; %s", _("you can build here"));

  return g_string_free (out, FALSE);
}

char *
manhattan_board_view_describe_spot (ManhattanBoardView *self,
                                    int                 city,
                                    int                 row,
                                    int                 col)
{
  g_autofree char *label = NULL;
  g_autofree char *contents = NULL;
  int position;

  g_return_val_if_fail (MANHATTAN_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (city >= 0 && city < MANHATTAN_N_CITIES, NULL);

  position = manhattan_position_of_spot (me (self), row, col);
  label = spot_label (self, city, position);
  contents = spot_contents (self, city, position);
  if (*contents == '\0')
    return g_steal_pointer (&label);
  /* Translators: a spot and what stands there: "City 3, far left: empty" */
  return g_strdup_printf (_("%s: %s"), label, contents);
}

static void
update_accessible (ManhattanBoardView *self)
{
  for (int city = 0; city < MANHATTAN_N_CITIES; city++)
    {
      g_autofree char *city_label = g_strdup_printf (_("City %d"), city + 1);
      g_autofree char *city_text = NULL;
      int owner = self->has_view ? manhattan_view_city_owner (&self->view, city) : -1;

      if (owner >= 0)
        city_text = g_strdup_printf (_("Most buildings: %s"), display_name (self, owner));
      else
        city_text = g_strdup (_("No one has the most buildings"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->cities[city]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, city_label,
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, city_text,
                                      -1);

      for (int p = 0; p < MANHATTAN_N_SPOTS; p++)
        {
          GtkWidget *spot = self->spots[city][p];
          g_autofree char *label = spot_label (self, city, p);
          g_autofree char *contents = spot_contents (self, city, p);
          g_autofree char *tip = *contents != '\0' ? g_strdup_printf (_("%s: %s"), label, contents)
                                                   : g_strdup (label);

          gtk_widget_set_tooltip_text (spot, tip);
          /* Not buildable now: still focusable and readable, but marked
           * unavailable, as aria-disabled does. */
          gtk_accessible_update_property (GTK_ACCESSIBLE (spot),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                          GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, contents,
                                          -1);
          gtk_accessible_update_state (GTK_ACCESSIBLE (spot),
                                       GTK_ACCESSIBLE_STATE_DISABLED, !spot_buildable (self, city, p),
                                       -1);
        }
    }
}

static void
shade (GdkRGBA *color,
       double   factor)
{
  color->red *= factor;
  color->green *= factor;
  color->blue *= factor;
}

/* A raised building: the storeys stacked in their builders' colours, the
 * owner's on top, with a lit top and a shaded side. */
static void
draw_tower (ManhattanBoardView *self,
            GtkSnapshot        *snapshot,
            double              s,
            const guint8       *storeys,
            int                 owner)
{
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, s, s));
  int total = manhattan_spot_height (storeys);
  double d = s * 0.11, w = s * 0.45, x = s * 0.31, y = s * 0.92;
  double unit = MIN (s * 0.08, (s * 0.78 - d) / MAX (total, 1));
  int order[MANHATTAN_N_SEATS], n = 0;

  for (int seat = 0; seat < MANHATTAN_N_SEATS; seat++)
    if (seat != owner && storeys[seat] > 0)
      order[n++] = seat;
  order[n++] = owner;

  cairo_set_line_width (cr, 1);
  for (int i = 0; i < n; i++)
    {
      int seat = order[i];
      double h = storeys[seat] * unit;
      GdkRGBA front, side;

      manhattan_seat_color (seat, &front);
      side = front;
      shade (&side, 0.7);
      gdk_cairo_set_source_rgba (cr, &front);
      cairo_rectangle (cr, x, y - h, w, h);
      cairo_fill (cr);
      gdk_cairo_set_source_rgba (cr, &side);
      cairo_move_to (cr, x + w, y);
      cairo_line_to (cr, x + w + d, y - d);
      cairo_line_to (cr, x + w + d, y - d - h);
      cairo_line_to (cr, x + w, y - h);
      cairo_close_path (cr);
      cairo_fill (cr);
      /* A line between storeys. */
      cairo_set_source_rgba (cr, 0, 0, 0, 0.25);
      for (int k = 1; k <= storeys[seat]; k++)
        {
          cairo_move_to (cr, x, y - k * unit + 0.5);
          cairo_line_to (cr, x + w, y - k * unit + 0.5);
          cairo_line_to (cr, x + w + d, y - k * unit - d + 0.5);
        }
      cairo_stroke (cr);
      y -= h;
    }

  {
    GdkRGBA top;

    manhattan_seat_color (owner, &top);
    top.red = 0.35 + 0.65 * top.red;
    top.green = 0.35 + 0.65 * top.green;
    top.blue = 0.35 + 0.65 * top.blue;
    gdk_cairo_set_source_rgba (cr, &top);
    cairo_move_to (cr, x, y);
    cairo_line_to (cr, x + w, y);
    cairo_line_to (cr, x + w + d, y - d);
    cairo_line_to (cr, x + d, y - d);
    cairo_close_path (cr);
    cairo_fill_preserve (cr);
    cairo_set_source_rgba (cr, 0, 0, 0, 0.4);
    cairo_stroke (cr);
  }
  cairo_destroy (cr);
}

static void
draw_spot (ManhattanBoardView *self,
           GtkWidget          *widget,
           GtkSnapshot        *snapshot,
           int                 city,
           int                 position)
{
  double s = MIN (gtk_widget_get_width (widget), gtk_widget_get_height (widget));
  graphene_rect_t rect = GRAPHENE_RECT_INIT (0, 0, s, s);
  int srow = position / 3, scol = position % 3;
  int row, col, spot, owner = -1, height_total = 0, tallest = 0;
  const guint8 *storeys = NULL;
  GdkRGBA fg, accent, gold, refuse, bg, line;
  gboolean dark;

  if (s < 4)
    return;

  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), &fg);
  gdk_rgba_parse (&accent, "#1c71d8");
  gdk_rgba_parse (&gold, "#e5a50a");
  gdk_rgba_parse (&refuse, "#c01c28");
  dark = (fg.red + fg.green + fg.blue) > 1.5;
  if (dark)
    gdk_rgba_parse (&accent, "#78aeed");
  line = fg;

  screen_to_board (self, srow, scol, &row, &col);
  spot = row * 3 + col;
  if (self->has_view)
    {
      storeys = self->view.board.storeys[city][spot];
      owner = self->view.board.owner[city][spot];
      height_total = manhattan_spot_height (storeys);
      tallest = manhattan_view_tallest (&self->view, NULL);
    }

  if (owner >= 0)
    {
      manhattan_seat_color (owner, &bg);
      bg.alpha = self->flat ? (dark ? 0.45 : 0.30) : (dark ? 0.22 : 0.14);
    }
  else
    {
      bg = fg;
      bg.alpha = dark ? 0.10 : 0.07;
    }
  if (gtk_widget_get_state_flags (widget) & GTK_STATE_FLAG_PRELIGHT)
    bg.alpha += 0.08;
  parlor_draw_fill (snapshot, &rect, s * 0.1, &bg);
  line.alpha = owner >= 0 ? 0.35 : 0.12;
  parlor_draw_ring (snapshot, &rect, 1, s * 0.1, &line);

  if (owner >= 0 && !self->flat)
    {
      GdkRGBA text = fg;
      g_autofree char *h = g_strdup_printf ("%d", height_total);

      draw_tower (self, snapshot, s, storeys, owner);
      /* The owner's letter and the height, so colour is not the only cue. */
      parlor_draw_text (snapshot, widget, manhattan_seat_letter (owner),
                        s * 0.15, s * 0.15, s * 0.16, TRUE, &text);
      parlor_draw_text (snapshot, widget, h, s * 0.15, s * 0.38, s * 0.18, TRUE, &text);
    }
  else if (owner >= 0)
    {
      GdkRGBA text = fg;
      g_autofree char *h = g_strdup_printf ("%d", height_total);

      parlor_draw_text (snapshot, widget, h, s / 2, s / 2, s * 0.30, TRUE, &text);
      /* The owner's letter, so colour is not the only cue. */
      text.alpha = 0.8;
      parlor_draw_text (snapshot, widget, manhattan_seat_letter (owner),
                        s * 0.16, s * 0.16, s * 0.14, TRUE, &text);

      for (int seat = 0; seat < MANHATTAN_N_SEATS; seat++)
        {
          g_autofree char *n = NULL;
          double tx = s / 2, ty = s / 2;
          GdkRGBA color;

          if (storeys[seat] == 0)
            continue;
          switch (seat_side (self, seat))
            {
            case 0: ty += s * 0.34; break;
            case 1: tx -= s * 0.34; break;
            case 2: ty -= s * 0.34; break;
            default: tx += s * 0.34; break;
            }
          manhattan_seat_color (seat, &color);
          if (!dark)
            {
              color.red *= 0.7;
              color.green *= 0.7;
              color.blue *= 0.7;
            }
          else
            {
              /* Lighter than the tile of the same colour beneath it. */
              color.red = 0.45 + 0.55 * color.red;
              color.green = 0.45 + 0.55 * color.green;
              color.blue = 0.45 + 0.55 * color.blue;
            }
          n = g_strdup_printf ("%d", storeys[seat]);
          /* On a chip of the page's colour: readable on a tile of any colour. */
          {
            graphene_rect_t chip = GRAPHENE_RECT_INIT (tx - s * 0.13, ty - s * 0.12, s * 0.26, s * 0.24);
            GdkRGBA chip_bg = dark ? (GdkRGBA) { 0.14, 0.14, 0.14, 0.9 } : (GdkRGBA) { 1, 1, 1, 0.9 };

            parlor_draw_fill (snapshot, &chip, s * 0.06, &chip_bg);
          }
          parlor_draw_text (snapshot, widget, n, tx, ty, s * 0.2, TRUE, &color);
        }
    }

  if (self->has_view && spot_is_tallest (self, city, spot, tallest))
    {
      graphene_rect_t inner;

      graphene_rect_inset_r (&rect, 1.5, 1.5, &inner);
      parlor_draw_ring (snapshot, &inner, MAX (2, s * 0.05), s * 0.1, &gold);
      parlor_draw_text (snapshot, widget, "★", s * 0.84, s * 0.16, s * 0.18, TRUE, &gold);
    }

  if (city * MANHATTAN_N_SPOTS + spot == self->last_city * MANHATTAN_N_SPOTS + self->last_spot)
    {
      GdkRGBA ring = fg;
      graphene_rect_t outer;

      ring.alpha = 0.85;
      graphene_rect_inset_r (&rect, -3, -3, &outer);
      parlor_draw_ring (snapshot, &outer, 2, s * 0.14, &ring);
    }

  if (self->card >= 0 && self->has_view && position == self->card)
    {
      gboolean legal = spot_buildable (self, city, position);
      GdkRGBA tint = legal ? accent : refuse;
      graphene_rect_t inner;

      tint.alpha = legal ? 0.22 : 0.10;
      parlor_draw_fill (snapshot, &rect, s * 0.1, &tint);
      tint.alpha = 1;
      graphene_rect_inset_r (&rect, 1, 1, &inner);
      parlor_draw_ring (snapshot, &inner, legal ? MAX (3, s * 0.07) : 1.5, s * 0.1, &tint);
    }

  /* The target: where Enter builds, whether or not the board has the focus. */
  if (gtk_widget_has_focus (widget) ||
      (self->card >= 0 && city == self->cursor_city &&
       position == self->cursor_row * 3 + self->cursor_col))
    {
      graphene_rect_t outer;
      GdkRGBA focus = accent;

      focus.alpha = 0.9;
      graphene_rect_inset_r (&rect, -5, -5, &outer);
      parlor_draw_ring (snapshot, &outer, MAX (2, s * 0.05), s * 0.16, &focus);
    }
}

static void
manhattan_board_view_size_allocate (GtkWidget *widget,
                                    int        width,
                                    int        height,
                                    int        baseline)
{
  ManhattanBoardView *self = MANHATTAN_BOARD_VIEW (widget);
  double s, city_w;

  layout (self, width, height);
  s = self->spot;
  city_w = (3 + 4 * SPOT_GAP + CITY_GAP) * s;
  for (int city = 0; city < MANHATTAN_N_CITIES; city++)
    {
      double x = self->origin_x + (city % CITY_COLS) * city_w;
      double y = self->origin_y + (city / CITY_COLS) * city_w;
      double side = (3 + 4 * SPOT_GAP) * s;
      int x0 = (int) floor (x), y0 = (int) floor (y);

      gtk_widget_size_allocate (self->cities[city],
                                &(GtkAllocation) { x0, y0, MAX (1, (int) ceil (x + side) - x0),
                                                   MAX (1, (int) ceil (y + side) - y0) },
                                -1);
    }
}

/* Beside the board a seat's name reads across, on two lines: seat, player. */
static void
draw_side_label (GtkSnapshot   *snapshot,
                 GtkWidget     *widget,
                 int            seat,
                 const char    *name,
                 double         width,
                 gboolean       bold,
                 const GdkRGBA *color)
{
  g_autofree char *text = name != NULL ? g_strdup_printf ("%s\n%s", manhattan_seat_name (seat), name)
                                        : g_strdup (manhattan_seat_name (seat));
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (widget, text);
  PangoFontDescription *font = pango_font_description_new ();
  int w, h;

  pango_font_description_set_family (font, "Cantarell, Noto Sans, sans");
  pango_font_description_set_absolute_size (font, 13 * PANGO_SCALE);
  pango_font_description_set_weight (font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_get_pixel_size (layout, &w, &h);

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (-width / 2.0, -h / 2.0));
  gtk_snapshot_append_layout (snapshot, layout, color);
  gtk_snapshot_restore (snapshot);
}

static void
manhattan_board_view_snapshot (GtkWidget   *widget,
                               GtkSnapshot *snapshot)
{
  ManhattanBoardView *self = MANHATTAN_BOARD_VIEW (widget);
  double s = self->spot;

  if (s < 4)
    return;

  /* Seat names at the four edges. */
  for (int seat = 0; seat < MANHATTAN_N_SEATS; seat++)
    {
      int side = seat_side (self, seat);
      double bw = (CITY_COLS * (3 + 4 * SPOT_GAP) + (CITY_COLS - 1) * CITY_GAP) * s;
      double bh = (CITY_ROWS * (3 + 4 * SPOT_GAP) + (CITY_ROWS - 1) * CITY_GAP) * s;
      double cx = self->origin_x + bw / 2, cy = self->origin_y + bh / 2;
      g_autofree char *label = NULL;
      GdkRGBA color;

      manhattan_seat_color (seat, &color);
      label = g_strdup_printf ("%s · %s", manhattan_seat_name (seat),
                               self->names[seat] != NULL ? self->names[seat] : "");
      gtk_snapshot_save (snapshot);
      switch (side)
        {
        case 0:
          gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (cx, self->origin_y + bh + EDGE_BAND / 2));
          break;
        case 1:
          gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (self->origin_x - self->side_band / 2 - 6, cy));
          break;
        case 2:
          gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (cx, self->origin_y - EDGE_BAND / 2));
          break;
        default:
          gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (self->origin_x + bw + self->side_band / 2 + 6, cy));
          break;
        }
      if (side == 1 || side == 3)
        draw_side_label (snapshot, widget, seat, self->side_band < SIDE_BAND ? NULL : self->names[seat],
                         self->side_band - 16,
                         self->has_view && self->view.turn == seat, &color);
      else
        parlor_draw_text (snapshot, widget, label, 0, 0, 13, self->has_view && self->view.turn == seat, &color);
      gtk_snapshot_restore (snapshot);
    }

  for (int city = 0; city < MANHATTAN_N_CITIES; city++)
    gtk_widget_snapshot_child (widget, self->cities[city], snapshot);
}

static void
manhattan_board_view_measure (GtkWidget      *widget,
                              GtkOrientation  orientation,
                              int             for_size,
                              int            *minimum,
                              int            *natural,
                              int            *minimum_baseline,
                              int            *natural_baseline)
{
  ManhattanBoardView *self = MANHATTAN_BOARD_VIEW (widget);

  for (int city = 0; city < MANHATTAN_N_CITIES; city++)
    {
      int m, n;

      gtk_widget_measure (self->cities[city], orientation, -1, &m, &n, NULL, NULL);
    }

  /* Narrow enough that the scores beside it and the log still fit 800 px. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 300;
      *natural = 720;
    }
  else
    {
      *minimum = 170;
      *natural = 500;
    }
}

static GtkWidget *
cursor_spot (ManhattanBoardView *self)
{
  return self->spots[self->cursor_city][self->cursor_row * 3 + self->cursor_col];
}

static gboolean
focus_is_inside (ManhattanBoardView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  return focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self));
}

static void redraw_all (ManhattanBoardView *self);

/* The cursor moved: the focus follows it if it was on the board, and each
 * spot is drawn again (a spot keeps its drawing until told). */
static void
cursor_moved (ManhattanBoardView *self)
{
  if (focus_is_inside (self))
    gtk_widget_grab_focus (cursor_spot (self));
  redraw_all (self);
}

static gboolean
manhattan_board_view_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (cursor_spot (MANHATTAN_BOARD_VIEW (widget)));
}

/* The board is one stop in the Tab chain: Tab enters at the cursor's spot
 * and leaves from any spot; the arrow keys move inside. */
static gboolean
manhattan_board_view_focus (GtkWidget        *widget,
                            GtkDirectionType  direction)
{
  ManhattanBoardView *self = MANHATTAN_BOARD_VIEW (widget);

  if (focus_is_inside (self))
    return FALSE;
  return gtk_widget_grab_focus (cursor_spot (self));
}

static void
on_spot_clicked (ManhattanSpot      *spot,
                 ManhattanBoardView *self)
{
  int row, col;

  self->cursor_city = manhattan_spot_get_city (spot);
  self->cursor_row = manhattan_spot_get_position (spot) / 3;
  self->cursor_col = manhattan_spot_get_position (spot) % 3;
  redraw_all (self);
  screen_to_board (self, self->cursor_row, self->cursor_col, &row, &col);
  g_signal_emit (self, signals[SPOT_ACTIVATED], 0, self->cursor_city, row, col);
}

static void
on_spot_focus_enter (GtkEventControllerFocus *controller,
                     ManhattanBoardView      *self)
{
  ManhattanSpot *spot = MANHATTAN_SPOT (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller)));

  self->cursor_city = manhattan_spot_get_city (spot);
  self->cursor_row = manhattan_spot_get_position (spot) / 3;
  self->cursor_col = manhattan_spot_get_position (spot) % 3;
  redraw_all (self);
}

static void
on_spot_focus_leave (GtkEventControllerFocus *controller,
                     ManhattanBoardView      *self)
{
  redraw_all (self);
}

static void
draw_spot_cb (GtkWidget   *spot,
              GtkSnapshot *snapshot,
              gpointer     data)
{
  draw_spot (data, spot, snapshot, manhattan_spot_get_city (MANHATTAN_SPOT (spot)),
             manhattan_spot_get_position (MANHATTAN_SPOT (spot)));
}

/* The cities (bit mask) where the picked card lights its spot. */
static guint
lit_cities (ManhattanBoardView *self)
{
  guint mask = 0;

  if (self->card < 0)
    return 0;
  for (int city = 0; city < MANHATTAN_N_CITIES; city++)
    if (spot_buildable (self, city, self->card))
      mask |= 1u << city;
  return mask;
}

void
manhattan_board_view_move_cursor (ManhattanBoardView *self,
                                  int                 dx,
                                  int                 dy)
{
  guint lit;
  int gx, gy;

  g_return_if_fail (MANHATTAN_IS_BOARD_VIEW (self));

  lit = lit_cities (self);
  if (lit != 0)
    {
      /* With a card picked, the arrows go from lit spot to lit spot:
       * forward (right, down) or back (left, up) in city order. */
      int step = dx + dy > 0 ? 1 : -1;

      for (int city = self->cursor_city + step; city >= 0 && city < MANHATTAN_N_CITIES; city += step)
        if (lit & (1u << city))
          {
            self->cursor_city = city;
            self->cursor_row = self->card / 3;
            self->cursor_col = self->card % 3;
            break;
          }
      if (self->cursor_row * 3 + self->cursor_col != self->card)
        {
          self->cursor_row = self->card / 3;
          self->cursor_col = self->card % 3;
        }
      cursor_moved (self);
      return;
    }

  /* One grid of 9 × 6 spots across all cities. */
  gx = (self->cursor_city % CITY_COLS) * 3 + self->cursor_col + dx;
  gy = (self->cursor_city / CITY_COLS) * 3 + self->cursor_row + dy;
  gx = CLAMP (gx, 0, CITY_COLS * 3 - 1);
  gy = CLAMP (gy, 0, CITY_ROWS * 3 - 1);
  self->cursor_city = (gy / 3) * CITY_COLS + gx / 3;
  self->cursor_row = gy % 3;
  self->cursor_col = gx % 3;
  cursor_moved (self);
}

void
manhattan_board_view_go_to_city (ManhattanBoardView *self,
                                 int                 city)
{
  g_return_if_fail (MANHATTAN_IS_BOARD_VIEW (self));
  g_return_if_fail (city >= 0 && city < MANHATTAN_N_CITIES);

  self->cursor_city = city;
  if (self->card >= 0)
    {
      self->cursor_row = self->card / 3;
      self->cursor_col = self->card % 3;
    }
  else
    for (int p = 0; p < MANHATTAN_N_SPOTS; p++)
      if (spot_buildable (self, city, p))
        {
          self->cursor_row = p / 3;
          self->cursor_col = p % 3;
          break;
        }
  gtk_widget_grab_focus (cursor_spot (self));
  redraw_all (self);
}

void
manhattan_board_view_set_cursor (ManhattanBoardView *self,
                                 int                 city,
                                 int                 row,
                                 int                 col)
{
  int p;

  g_return_if_fail (MANHATTAN_IS_BOARD_VIEW (self));
  g_return_if_fail (city >= 0 && city < MANHATTAN_N_CITIES);

  p = manhattan_position_of_spot (me (self), row, col);
  self->cursor_city = city;
  self->cursor_row = p / 3;
  self->cursor_col = p % 3;
  cursor_moved (self);
}

void
manhattan_board_view_get_cursor (ManhattanBoardView *self,
                                 int                *city,
                                 int                *row,
                                 int                *col)
{
  g_return_if_fail (MANHATTAN_IS_BOARD_VIEW (self));

  *city = self->cursor_city;
  screen_to_board (self, self->cursor_row, self->cursor_col, row, col);
}

static void
move_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  int dx, dy;

  g_variant_get (param, "(ii)", &dx, &dy);
  manhattan_board_view_move_cursor (MANHATTAN_BOARD_VIEW (widget), dx, dy);
}

static void
city_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  int city = g_variant_get_int32 (param);

  if (city >= 0 && city < MANHATTAN_N_CITIES)
    manhattan_board_view_go_to_city (MANHATTAN_BOARD_VIEW (widget), city);
}

static void
activate_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  gtk_widget_activate (cursor_spot (MANHATTAN_BOARD_VIEW (widget)));
}

static void
manhattan_board_view_dispose (GObject *object)
{
  ManhattanBoardView *self = MANHATTAN_BOARD_VIEW (object);

  for (int city = 0; city < MANHATTAN_N_CITIES; city++)
    {
      for (int p = 0; p < MANHATTAN_N_SPOTS; p++)
        self->spots[city][p] = NULL;
      g_clear_pointer (&self->cities[city], gtk_widget_unparent);
    }

  G_OBJECT_CLASS (manhattan_board_view_parent_class)->dispose (object);
}

static void
manhattan_board_view_finalize (GObject *object)
{
  ManhattanBoardView *self = MANHATTAN_BOARD_VIEW (object);

  for (int i = 0; i < MANHATTAN_N_SEATS; i++)
    g_free (self->names[i]);

  G_OBJECT_CLASS (manhattan_board_view_parent_class)->finalize (object);
}

static void
manhattan_board_view_class_init (ManhattanBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = manhattan_board_view_dispose;
  object_class->finalize = manhattan_board_view_finalize;
  widget_class->snapshot = manhattan_board_view_snapshot;
  widget_class->measure = manhattan_board_view_measure;
  widget_class->size_allocate = manhattan_board_view_size_allocate;
  widget_class->grab_focus = manhattan_board_view_grab_focus;
  widget_class->focus = manhattan_board_view_focus;

  signals[SPOT_ACTIVATED] =
    g_signal_new ("spot-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT);

  gtk_widget_class_install_action (widget_class, "board.move", "(ii)", move_action);
  gtk_widget_class_install_action (widget_class, "board.city", "i", city_action);
  gtk_widget_class_install_action (widget_class, "board.activate", NULL, activate_action);
  parlor_widget_class_add_grid_keys (widget_class, "board.move", NULL);
  for (int city = 0; city < MANHATTAN_N_CITIES; city++)
    {
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + city, GDK_ALT_MASK,
                                           "board.city", "i", city);
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_1 + city, GDK_ALT_MASK,
                                           "board.city", "i", city);
    }

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_set_css_name (widget_class, "manhattan-board");
}

static void
manhattan_board_view_init (ManhattanBoardView *self)
{
  self->card = -1;
  self->last_city = -1;
  self->last_spot = -1;
  self->cursor_city = 0;
  self->cursor_row = 2;
  self->cursor_col = 1;

  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  for (int city = 0; city < MANHATTAN_N_CITIES; city++)
    {
      GtkWidget *box = manhattan_city_box_new (city);

      self->cities[city] = box;
      gtk_widget_set_parent (box, GTK_WIDGET (self));
      for (int p = 0; p < MANHATTAN_N_SPOTS; p++)
        {
          /* The board outlives its spots: it draws them. */
          GtkWidget *spot = manhattan_spot_new (city, p, draw_spot_cb, self);
          GtkEventController *focus = gtk_event_controller_focus_new ();

          g_signal_connect (spot, "clicked", G_CALLBACK (on_spot_clicked), self);
          g_signal_connect (focus, "enter", G_CALLBACK (on_spot_focus_enter), self);
          g_signal_connect (focus, "leave", G_CALLBACK (on_spot_focus_leave), self);
          gtk_widget_add_controller (spot, focus);
          gtk_widget_set_parent (spot, box);
          self->spots[city][p] = spot;
        }
    }

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board: six cities of nine spots"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("Drawn from your seat: your side is the near edge"),
                                  -1);
  update_accessible (self);
}

GtkWidget *
manhattan_board_view_new (void)
{
  return g_object_new (MANHATTAN_TYPE_BOARD_VIEW, NULL);
}

static void
redraw_all (ManhattanBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
  for (int city = 0; city < MANHATTAN_N_CITIES; city++)
    for (int p = 0; p < MANHATTAN_N_SPOTS; p++)
      if (self->spots[city][p] != NULL)
        gtk_widget_queue_draw (self->spots[city][p]);
}

void
manhattan_board_view_set_view (ManhattanBoardView  *self,
                               const ManhattanView *view)
{
  g_return_if_fail (MANHATTAN_IS_BOARD_VIEW (self));
  g_return_if_fail (view != NULL);

  self->view = *view;
  self->has_view = TRUE;
  update_accessible (self);
  redraw_all (self);
}

void
manhattan_board_view_set_names (ManhattanBoardView *self,
                                const char * const *names)
{
  g_return_if_fail (MANHATTAN_IS_BOARD_VIEW (self));

  for (int i = 0; i < MANHATTAN_N_SEATS; i++)
    {
      g_free (self->names[i]);
      self->names[i] = g_strdup (names != NULL ? names[i] : NULL);
    }
  update_accessible (self);
  redraw_all (self);
}

void
manhattan_board_view_set_selection (ManhattanBoardView *self,
                                    int                 card,
                                    int                 block)
{
  g_return_if_fail (MANHATTAN_IS_BOARD_VIEW (self));

  self->card = card;
  self->block = block;
  if (card >= 0)
    {
      /* Put the cursor on the first city where the card's spot takes the block. */
      guint lit = lit_cities (self);

      self->cursor_row = card / 3;
      self->cursor_col = card % 3;
      for (int city = 0; city < MANHATTAN_N_CITIES; city++)
        if (lit & (1u << city))
          {
            self->cursor_city = city;
            break;
          }
      cursor_moved (self);
    }
  update_accessible (self);
  redraw_all (self);
}

void
manhattan_board_view_set_flat (ManhattanBoardView *self,
                               gboolean            flat)
{
  g_return_if_fail (MANHATTAN_IS_BOARD_VIEW (self));

  self->flat = !!flat;
  redraw_all (self);
}

void
manhattan_board_view_set_last_move (ManhattanBoardView *self,
                                    int                 city,
                                    int                 row,
                                    int                 col)
{
  g_return_if_fail (MANHATTAN_IS_BOARD_VIEW (self));

  self->last_city = city;
  self->last_spot = city >= 0 ? row * 3 + col : -1;
  redraw_all (self);
}
