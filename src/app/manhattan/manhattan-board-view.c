/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "manhattan-board"

#include "config.h"

#include <glib/gi18n.h>

#include "manhattan-board-view.h"
#include "parlor-draw.h"

#define CITY_COLS 3
#define CITY_ROWS 2
#define SPOT_GAP 0.08      /* of a spot's side */
#define CITY_GAP 0.45
#define EDGE_BAND 22.0     /* pixels for the seat names around the board */

struct _ManhattanBoardView
{
  GtkWidget      parent_instance;

  ManhattanView  view;
  gboolean       has_view;
  char          *names[MANHATTAN_N_SEATS];
  int            card;
  int            block;
  int            last_city;
  int            last_spot;
  int            cursor_city;
  int            cursor_row;     /* screen row/col inside the city */
  int            cursor_col;

  /* Layout of the last snapshot, for hit-testing. */
  double         origin_x;
  double         origin_y;
  double         spot;
};

G_DEFINE_FINAL_TYPE (ManhattanBoardView, manhattan_board_view, GTK_TYPE_WIDGET)

enum {
  SPOT_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

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

static int
me (ManhattanBoardView *self)
{
  /* The public view is drawn as South sees it: North at the top. */
  return self->has_view && self->view.seat >= 0 ? self->view.seat : MANHATTAN_SOUTH;
}

/* Screen position inside a city → board spot. */
static void
screen_to_board (ManhattanBoardView *self,
                 int             srow,
                 int             scol,
                 int            *row,
                 int            *col)
{
  manhattan_card_spot (me (self), srow * 3 + scol, row, col);
}

/* Which screen side a seat sits at: 0 bottom, 1 left, 2 top, 3 right. */
static int
seat_side (ManhattanBoardView *self,
           int             seat)
{
  return (seat - me (self) + MANHATTAN_N_SEATS) % MANHATTAN_N_SEATS;
}

static void
layout (ManhattanBoardView *self,
        double          width,
        double          height)
{
  double units_w = CITY_COLS * (3 + 2 * SPOT_GAP) + (CITY_COLS - 1) * CITY_GAP;
  double units_h = CITY_ROWS * (3 + 2 * SPOT_GAP) + (CITY_ROWS - 1) * CITY_GAP;
  double avail_w = MAX (width - 2 * EDGE_BAND, 1);
  double avail_h = MAX (height - 2 * EDGE_BAND, 1);

  self->spot = MIN (avail_w / units_w, avail_h / units_h);
  self->origin_x = (width - units_w * self->spot) / 2;
  self->origin_y = (height - units_h * self->spot) / 2;
}

static graphene_rect_t
spot_rect (ManhattanBoardView *self,
           int             city,
           int             srow,
           int             scol)
{
  double s = self->spot;
  double city_w = (3 + 2 * SPOT_GAP + CITY_GAP) * s;
  double x = self->origin_x + (city % CITY_COLS) * city_w + scol * (1 + SPOT_GAP) * s;
  double y = self->origin_y + (city / CITY_COLS) * city_w + srow * (1 + SPOT_GAP) * s;

  return GRAPHENE_RECT_INIT (x, y, s, s);
}

static gboolean
hit_test (ManhattanBoardView *self,
          double          x,
          double          y,
          int            *city,
          int            *srow,
          int            *scol)
{
  for (int c = 0; c < MANHATTAN_N_CITIES; c++)
    for (int r = 0; r < 3; r++)
      for (int k = 0; k < 3; k++)
        {
          graphene_rect_t rect = spot_rect (self, c, r, k);

          if (graphene_rect_contains_point (&rect, &GRAPHENE_POINT_INIT (x, y)))
            {
              *city = c;
              *srow = r;
              *scol = k;
              return TRUE;
            }
        }
  return FALSE;
}

static const char *
spot_name (int row,
           int col)
{
  static const char * const names[] = {
    N_("north-west corner"), N_("north side"), N_("north-east corner"),
    N_("west side"), N_("centre"), N_("east side"),
    N_("south-west corner"), N_("south side"), N_("south-east corner"),
  };

  return _(names[row * 3 + col]);
}

char *
manhattan_board_view_describe_spot (ManhattanBoardView *self,
                               int             city,
                               int             row,
                               int             col)
{
  GString *out;
  int spot = row * 3 + col;
  const guint8 *storeys;
  int owner;

  g_return_val_if_fail (MANHATTAN_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (city >= 0 && city < MANHATTAN_N_CITIES, NULL);

  out = g_string_new (NULL);
  /* Translators: "City 3, north-west corner" */
  g_string_append_printf (out, _("City %d, %s"), city + 1, spot_name (row, col));
  if (!self->has_view)
    return g_string_free (out, FALSE);

  storeys = self->view.board.storeys[city][spot];
  owner = self->view.board.owner[city][spot];
  if (owner < 0)
    {
      g_string_append (out, _(": empty"));
      return g_string_free (out, FALSE);
    }

  g_string_append_printf (out, _(": %d storeys, owned by %s"),
                          manhattan_spot_height (storeys),
                          self->names[owner] != NULL ? self->names[owner] : manhattan_seat_name (owner));
  for (int s = 0; s < MANHATTAN_N_SEATS; s++)
    if (storeys[s] > 0)
      /* Translators: "; East 3" (a player's storeys in this spot) */
      g_string_append_printf (out, _("; %s %d"), manhattan_seat_name (s), storeys[s]);

  return g_string_free (out, FALSE);
}

static void
update_accessible (ManhattanBoardView *self)
{
  int row, col;
  g_autofree char *text = NULL;

  screen_to_board (self, self->cursor_row, self->cursor_col, &row, &col);
  text = manhattan_board_view_describe_spot (self, self->cursor_city, row, col);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text,
                                  -1);
}

static guint
card_cities (ManhattanBoardView *self,
             int                 card)
{
  int row, col;

  return manhattan_view_card_cities (&self->view, card, &row, &col);
}

static gboolean
spot_is_tallest (ManhattanBoardView *self,
                 int             city,
                 int             spot,
                 int             tallest)
{
  return tallest > 0 && manhattan_spot_height (self->view.board.storeys[city][spot]) == tallest;
}

static void
manhattan_board_view_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  ManhattanBoardView *self = MANHATTAN_BOARD_VIEW (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  GdkRGBA fg, accent, gold, refuse;
  int tallest = 0;
  gboolean dark;
  double s;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  gdk_rgba_parse (&accent, "#1c71d8");
  gdk_rgba_parse (&gold, "#e5a50a");
  gdk_rgba_parse (&refuse, "#c01c28");
  dark = (fg.red + fg.green + fg.blue) > 1.5;

  layout (self, width, height);
  s = self->spot;
  if (s < 4)
    return;

  if (self->has_view)
    tallest = manhattan_view_tallest (&self->view, NULL);

  /* Seat names at the four edges. */
  for (int seat = 0; seat < MANHATTAN_N_SEATS; seat++)
    {
      int side = seat_side (self, seat);
      double bw = (CITY_COLS * (3 + 2 * SPOT_GAP) + (CITY_COLS - 1) * CITY_GAP) * s;
      double bh = (CITY_ROWS * (3 + 2 * SPOT_GAP) + (CITY_ROWS - 1) * CITY_GAP) * s;
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
          gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (self->origin_x - EDGE_BAND / 2, cy));
          gtk_snapshot_rotate (snapshot, 90);
          break;
        case 2:
          gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (cx, self->origin_y - EDGE_BAND / 2));
          break;
        default:
          gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (self->origin_x + bw + EDGE_BAND / 2, cy));
          gtk_snapshot_rotate (snapshot, -90);
          break;
        }
      parlor_draw_text (snapshot, widget, label, 0, 0, 13, self->has_view && self->view.turn == seat, &color);
      gtk_snapshot_restore (snapshot);
    }

  for (int city = 0; city < MANHATTAN_N_CITIES; city++)
    {
      graphene_rect_t first = spot_rect (self, city, 0, 0);
      graphene_rect_t area = GRAPHENE_RECT_INIT (first.origin.x - SPOT_GAP * s,
                                                 first.origin.y - SPOT_GAP * s,
                                                 (3 + 4 * SPOT_GAP) * s, (3 + 4 * SPOT_GAP) * s);
      GdkRGBA city_bg = fg;
      g_autofree char *number = g_strdup_printf ("%d", city + 1);
      GdkRGBA faint = fg;

      city_bg.alpha = dark ? 0.06 : 0.05;
      parlor_draw_fill (snapshot, &area, s * 0.15, &city_bg);
      faint.alpha = 0.45;
      parlor_draw_text (snapshot, widget, number, area.origin.x + s * 0.02, area.origin.y + s * 0.02,
                   s * 0.2, TRUE, &faint);

      for (int srow = 0; srow < 3; srow++)
        for (int scol = 0; scol < 3; scol++)
          {
            graphene_rect_t rect = spot_rect (self, city, srow, scol);
            int row, col, spot, owner = -1, height_total = 0;
            const guint8 *storeys = NULL;
            GdkRGBA bg, line = fg;

            screen_to_board (self, srow, scol, &row, &col);
            spot = row * 3 + col;
            if (self->has_view)
              {
                storeys = self->view.board.storeys[city][spot];
                owner = self->view.board.owner[city][spot];
                height_total = manhattan_spot_height (storeys);
              }

            if (owner >= 0)
              {
                manhattan_seat_color (owner, &bg);
                bg.alpha = dark ? 0.45 : 0.30;
              }
            else
              {
                bg = fg;
                bg.alpha = dark ? 0.10 : 0.07;
              }
            parlor_draw_fill (snapshot, &rect, s * 0.1, &bg);
            line.alpha = owner >= 0 ? 0.35 : 0.12;
            parlor_draw_ring (snapshot, &rect, 1, s * 0.1, &line);

            if (owner >= 0)
              {
                GdkRGBA text = fg;
                g_autofree char *h = g_strdup_printf ("%d", height_total);

                parlor_draw_text (snapshot, widget, h, rect.origin.x + s / 2, rect.origin.y + s / 2,
                             s * 0.30, TRUE, &text);
                /* The owner's letter, so colour is not the only cue. */
                text.alpha = 0.8;
                parlor_draw_text (snapshot, widget, manhattan_seat_letter (owner),
                             rect.origin.x + s * 0.16, rect.origin.y + s * 0.16, s * 0.14, TRUE, &text);

                for (int seat = 0; seat < MANHATTAN_N_SEATS; seat++)
                  {
                    g_autofree char *n = NULL;
                    double tx = rect.origin.x + s / 2, ty = rect.origin.y + s / 2;
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
                    n = g_strdup_printf ("%d", storeys[seat]);
                    parlor_draw_text (snapshot, widget, n, tx, ty, s * 0.2, TRUE, &color);
                  }
              }

            if (self->has_view && spot_is_tallest (self, city, spot, tallest))
              {
                graphene_rect_t inner;

                graphene_rect_inset_r (&rect, 1.5, 1.5, &inner);
                parlor_draw_ring (snapshot, &inner, MAX (2, s * 0.05), s * 0.1, &gold);
                parlor_draw_text (snapshot, widget, "★", rect.origin.x + s * 0.84, rect.origin.y + s * 0.16,
                             s * 0.18, TRUE, &gold);
              }

            if (city * MANHATTAN_N_SPOTS + spot == self->last_city * MANHATTAN_N_SPOTS + self->last_spot)
              {
                GdkRGBA ring = fg;
                graphene_rect_t outer;

                ring.alpha = 0.85;
                graphene_rect_inset_r (&rect, -3, -3, &outer);
                parlor_draw_ring (snapshot, &outer, 2, s * 0.14, &ring);
              }

            if (self->card >= 0 && self->has_view && srow * 3 + scol == self->card)
              {
                gboolean legal;
                GdkRGBA tint;
                graphene_rect_t inner;

                if (self->block > 0)
                  legal = manhattan_view_play_is_legal (&self->view, self->card, city, self->block);
                else
                  legal = (card_cities (self, self->card) & (1u << city)) != 0;
                tint = legal ? accent : refuse;
                tint.alpha = legal ? 0.22 : 0.10;
                parlor_draw_fill (snapshot, &rect, s * 0.1, &tint);
                tint.alpha = 1;
                graphene_rect_inset_r (&rect, 1, 1, &inner);
                parlor_draw_ring (snapshot, &inner, legal ? MAX (3, s * 0.07) : 1.5, s * 0.1, &tint);
              }

            if (gtk_widget_has_focus (widget) && city == self->cursor_city &&
                srow == self->cursor_row && scol == self->cursor_col)
              {
                graphene_rect_t outer;
                GdkRGBA focus = accent;

                focus.alpha = 0.9;
                graphene_rect_inset_r (&rect, -5, -5, &outer);
                parlor_draw_ring (snapshot, &outer, 2, s * 0.16, &focus);
              }
          }
    }
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
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 360;
      *natural = 720;
    }
  else
    {
      *minimum = 170;
      *natural = 500;
    }
}

static void
activate_cursor (ManhattanBoardView *self)
{
  int row, col;

  screen_to_board (self, self->cursor_row, self->cursor_col, &row, &col);
  g_signal_emit (self, signals[SPOT_ACTIVATED], 0, self->cursor_city, row, col);
}

static void
on_pressed (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            ManhattanBoardView  *self)
{
  int city, srow, scol;

  if (!hit_test (self, x, y, &city, &srow, &scol))
    return;

  gtk_widget_grab_focus (GTK_WIDGET (self));
  self->cursor_city = city;
  self->cursor_row = srow;
  self->cursor_col = scol;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  activate_cursor (self);
}

static gboolean
on_query_tooltip (GtkWidget      *widget,
                  int             x,
                  int             y,
                  gboolean        keyboard,
                  GtkTooltip     *tooltip,
                  ManhattanBoardView *self)
{
  int city, srow, scol, row, col;
  g_autofree char *text = NULL;

  if (keyboard)
    {
      city = self->cursor_city;
      srow = self->cursor_row;
      scol = self->cursor_col;
    }
  else if (!hit_test (self, x, y, &city, &srow, &scol))
    return FALSE;

  screen_to_board (self, srow, scol, &row, &col);
  text = manhattan_board_view_describe_spot (self, city, row, col);
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

void
manhattan_board_view_move_cursor (ManhattanBoardView *self,
                             int             dx,
                             int             dy)
{
  int gx, gy;

  g_return_if_fail (MANHATTAN_IS_BOARD_VIEW (self));

  /* One grid of 9 × 6 spots across all cities. */
  gx = (self->cursor_city % CITY_COLS) * 3 + self->cursor_col + dx;
  gy = (self->cursor_city / CITY_COLS) * 3 + self->cursor_row + dy;
  gx = CLAMP (gx, 0, CITY_COLS * 3 - 1);
  gy = CLAMP (gy, 0, CITY_ROWS * 3 - 1);
  self->cursor_city = (gy / 3) * CITY_COLS + gx / 3;
  self->cursor_row = gy % 3;
  self->cursor_col = gx % 3;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
manhattan_board_view_set_cursor (ManhattanBoardView *self,
                            int             city,
                            int             row,
                            int             col)
{
  g_return_if_fail (MANHATTAN_IS_BOARD_VIEW (self));
  g_return_if_fail (city >= 0 && city < MANHATTAN_N_CITIES);

  for (int p = 0; p < MANHATTAN_N_SPOTS; p++)
    {
      int r, c;

      screen_to_board (self, p / 3, p % 3, &r, &c);
      if (r == row && c == col)
        {
          self->cursor_city = city;
          self->cursor_row = p / 3;
          self->cursor_col = p % 3;
        }
    }
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
manhattan_board_view_get_cursor (ManhattanBoardView *self,
                            int            *city,
                            int            *row,
                            int            *col)
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
activate_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  activate_cursor (MANHATTAN_BOARD_VIEW (widget));
}

static void
on_focus_changed (ManhattanBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
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
  static const struct { guint key; int dx, dy; } keys[] = {
    { GDK_KEY_Left, -1, 0 }, { GDK_KEY_Right, 1, 0 }, { GDK_KEY_Up, 0, -1 }, { GDK_KEY_Down, 0, 1 },
    { GDK_KEY_KP_Left, -1, 0 }, { GDK_KEY_KP_Right, 1, 0 }, { GDK_KEY_KP_Up, 0, -1 }, { GDK_KEY_KP_Down, 0, 1 },
  };

  object_class->finalize = manhattan_board_view_finalize;
  widget_class->snapshot = manhattan_board_view_snapshot;
  widget_class->measure = manhattan_board_view_measure;

  signals[SPOT_ACTIVATED] =
    g_signal_new ("spot-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT);

  gtk_widget_class_install_action (widget_class, "board.move", "(ii)", move_action);
  gtk_widget_class_install_action (widget_class, "board.activate", NULL, activate_action);
  for (gsize i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_widget_class_add_binding_action (widget_class, keys[i].key, 0, "board.move", "(ii)",
                                         keys[i].dx, keys[i].dy);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "board.activate", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "board.activate", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, "board.activate", NULL);

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
  gtk_widget_class_set_css_name (widget_class, "manhattan-board");
}

static void
manhattan_board_view_init (ManhattanBoardView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();

  self->card = -1;
  self->last_city = -1;
  self->last_spot = -1;
  self->cursor_city = 0;
  self->cursor_row = 2;
  self->cursor_col = 1;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);

  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (on_focus_changed), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (on_focus_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board: six cities of nine spots"),
                                  -1);
}

GtkWidget *
manhattan_board_view_new (void)
{
  return g_object_new (MANHATTAN_TYPE_BOARD_VIEW, NULL);
}

void
manhattan_board_view_set_view (ManhattanBoardView      *self,
                          const ManhattanView *view)
{
  g_return_if_fail (MANHATTAN_IS_BOARD_VIEW (self));
  g_return_if_fail (view != NULL);

  self->view = *view;
  self->has_view = TRUE;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
manhattan_board_view_set_names (ManhattanBoardView     *self,
                           const char * const *names)
{
  g_return_if_fail (MANHATTAN_IS_BOARD_VIEW (self));

  for (int i = 0; i < MANHATTAN_N_SEATS; i++)
    {
      g_free (self->names[i]);
      self->names[i] = g_strdup (names != NULL ? names[i] : NULL);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
manhattan_board_view_set_selection (ManhattanBoardView *self,
                               int             card,
                               int             block)
{
  g_return_if_fail (MANHATTAN_IS_BOARD_VIEW (self));

  self->card = card;
  self->block = block;
  if (card >= 0)
    {
      /* Put the cursor on the first city where the card's spot takes the block. */
      self->cursor_row = card / 3;
      self->cursor_col = card % 3;
      for (int city = 0; city < MANHATTAN_N_CITIES; city++)
        if (self->has_view && (block > 0 ? manhattan_view_play_is_legal (&self->view, card, city, block)
                               : (card_cities (self, card) & (1u << city)) != 0))
          {
            self->cursor_city = city;
            break;
          }
      update_accessible (self);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
manhattan_board_view_set_last_move (ManhattanBoardView *self,
                               int             city,
                               int             row,
                               int             col)
{
  g_return_if_fail (MANHATTAN_IS_BOARD_VIEW (self));

  self->last_city = city;
  self->last_spot = city >= 0 ? row * 3 + col : -1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
