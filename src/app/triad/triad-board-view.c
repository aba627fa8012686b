/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "triad-board"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "parlor-draw.h"
#include "parlor-screen-util.h"
#include "triad-board-view.h"
#include "triad-card.h"

#define GAP 0.05              /* of a card's height */
#define FLIP_USEC (250 * 1000)
#define PLACE_USEC (180 * 1000)

struct _TriadBoardView
{
  GtkWidget  parent_instance;

  TriadView  view;
  gboolean   has_view;
  char      *opponent;
  gboolean   interactive;
  gboolean   compact;
  TriadCard  preview;
  gboolean   has_preview;
  int        cursor;
  int        hover;
  int        last_move;

  gint64     flip_start[TRIAD_N_CELLS];   /* 0 when not turning */
  gint8      flip_from[TRIAD_N_CELLS];    /* owner before the flip */
  gint64     place_start;
  guint      tick_id;
  GtkWidget *cells[TRIAD_N_CELLS];         /* each cell, named for screen readers */

  /* Layout of the last snapshot, for hit-testing. */
  double     origin_x;
  double     origin_y;
  double     card_h;
};

G_DEFINE_FINAL_TYPE (TriadBoardView, triad_board_view, GTK_TYPE_WIDGET)

enum {
  CELL_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

const char *
triad_cell_name (int cell)
{
  static const char * const names[] = {
    N_("top left"), N_("top"), N_("top right"),
    N_("left"), N_("centre"), N_("right"),
    N_("bottom left"), N_("bottom"), N_("bottom right"),
  };

  g_return_val_if_fail (cell >= 0 && cell < TRIAD_N_CELLS, "");
  return _(names[cell]);
}

static void
layout (TriadBoardView *self,
        double          width,
        double          height)
{
  double units_w = 3 * TRIAD_CARD_ASPECT + 4 * GAP;
  double units_h = 3 + 4 * GAP;

  self->card_h = MAX (MIN (width / units_w, height / units_h), 0);
  self->origin_x = (width - units_w * self->card_h) / 2;
  self->origin_y = (height - units_h * self->card_h) / 2;
}

static graphene_rect_t
cell_rect (TriadBoardView *self,
           int             cell)
{
  double h = self->card_h, w = h * TRIAD_CARD_ASPECT, g = GAP * h;

  return GRAPHENE_RECT_INIT (self->origin_x + g + (cell % 3) * (w + g),
                             self->origin_y + g + (cell / 3) * (h + g), w, h);
}

static int
hit_test (TriadBoardView *self,
          double          x,
          double          y)
{
  for (int cell = 0; cell < TRIAD_N_CELLS; cell++)
    {
      graphene_rect_t rect = cell_rect (self, cell);

      if (graphene_rect_contains_point (&rect, &GRAPHENE_POINT_INIT (x, y)))
        return cell;
    }
  return -1;
}

static int
viewer (TriadBoardView *self)
{
  return self->has_view && self->view.seat >= 0 ? self->view.seat : 0;
}

static TriadFace
face_of (TriadBoardView *self,
         int             owner)
{
  return owner == viewer (self) ? TRIAD_FACE_BLUE : TRIAD_FACE_RED;
}

static gboolean
cell_is_free (TriadBoardView *self,
              int             cell)
{
  return self->has_view && triad_view_may_place (&self->view, -1, cell);
}

char *
triad_board_view_describe_cell (TriadBoardView *self,
                                int             cell)
{
  g_autofree char *card = NULL;
  const char *where;
  int owner;

  g_return_val_if_fail (TRIAD_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (cell >= 0 && cell < TRIAD_N_CELLS, NULL);

  where = triad_cell_name (cell);
  owner = self->has_view ? self->view.owner[cell] : TRIAD_EMPTY;
  if (owner == TRIAD_EMPTY)
    /* Translators: "Cell 5, centre: empty" */
    return g_strdup_printf (_("Cell %d, %s: empty"), cell + 1, where);

  card = triad_card_to_text (&self->view.card[cell]);
  if (owner == viewer (self))
    /* Translators: "Cell 5, centre: your card top 7, right 3, bottom 10, left 5" */
    return g_strdup_printf (_("Cell %d, %s: your card %s"), cell + 1, where, card);
  /* Translators: "Cell 5, centre: Computer's card top 7, right 3, bottom 10, left 5" */
  return g_strdup_printf (_("Cell %d, %s: %s’s card %s"), cell + 1, where,
                          self->opponent != NULL ? self->opponent : _("Opponent"), card);
}

static void
update_accessible (TriadBoardView *self)
{
  g_autofree char *text = triad_board_view_describe_cell (self, self->cursor);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text,
                                  -1);
  for (int cell = 0; cell < TRIAD_N_CELLS; cell++)
    {
      g_autofree char *name = triad_board_view_describe_cell (self, cell);

      gtk_accessible_update_property (GTK_ACCESSIBLE (self->cells[cell]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      gtk_accessible_update_state (GTK_ACCESSIBLE (self->cells[cell]),
                                   GTK_ACCESSIBLE_STATE_SELECTED, cell == self->cursor, -1);
    }
}

static gboolean
animations_enabled (TriadBoardView *self)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)),
                "gtk-enable-animations", &enabled,
                NULL);
  return enabled;
}

gboolean
triad_board_view_is_animating (TriadBoardView *self)
{
  g_return_val_if_fail (TRIAD_IS_BOARD_VIEW (self), FALSE);
  return self->tick_id != 0;
}

static gboolean
on_tick (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       data)
{
  TriadBoardView *self = TRIAD_BOARD_VIEW (widget);
  gint64 now = g_get_monotonic_time ();
  gboolean running = FALSE;

  for (int cell = 0; cell < TRIAD_N_CELLS; cell++)
    {
      if (self->flip_start[cell] != 0 && now - self->flip_start[cell] >= FLIP_USEC)
        self->flip_start[cell] = 0;
      running |= self->flip_start[cell] != 0;
    }
  if (self->place_start != 0 && now - self->place_start >= PLACE_USEC)
    self->place_start = 0;
  running |= self->place_start != 0;

  gtk_widget_queue_draw (widget);
  if (!running)
    {
      self->tick_id = 0;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
stop_animations (TriadBoardView *self)
{
  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  memset (self->flip_start, 0, sizeof self->flip_start);
  self->place_start = 0;
}

static void
draw_cell_card (TriadBoardView *self,
                GtkSnapshot    *snapshot,
                int             cell,
                gint64          now)
{
  GtkWidget *widget = GTK_WIDGET (self);
  graphene_rect_t rect = cell_rect (self, cell);
  double cx = rect.origin.x + rect.size.width / 2, cy = rect.origin.y + rect.size.height / 2;
  TriadFace face = face_of (self, self->view.owner[cell]);
  double sx = 1, sy = 1, opacity = 1;

  if (self->flip_start[cell] != 0)
    {
      /* A turn about the vertical axis: the old colour shrinks away, the new one grows back. */
      double t = CLAMP ((double) (now - self->flip_start[cell]) / FLIP_USEC, 0, 1);

      sx = fabs (cos (G_PI * t));
      sx = MAX (sx, 0.02);
      sy = 1 + 0.08 * sin (G_PI * t);
      if (t < 0.5)
        face = face_of (self, self->flip_from[cell]);
    }
  else if (cell == self->last_move && self->place_start != 0)
    {
      double t = CLAMP ((double) (now - self->place_start) / PLACE_USEC, 0, 1);

      sx = sy = 1.12 - 0.12 * t;
      opacity = 0.35 + 0.65 * t;
    }

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (cx, cy));
  gtk_snapshot_scale (snapshot, sx, sy);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (-cx, -cy));
  if (opacity < 1)
    gtk_snapshot_push_opacity (snapshot, opacity);
  triad_card_snapshot (snapshot, widget, &rect, &self->view.card[cell], face);
  if (opacity < 1)
    gtk_snapshot_pop (snapshot);
  gtk_snapshot_restore (snapshot);
}

static void
triad_board_view_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  TriadBoardView *self = TRIAD_BOARD_VIEW (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  gint64 now = g_get_monotonic_time ();
  GdkRGBA fg, accent, gold;
  gboolean dark, focused = gtk_widget_has_focus (widget);
  int target;
  double h;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  gdk_rgba_parse (&accent, "#3584e4");
  gdk_rgba_parse (&gold, "#f6d32d");
  dark = (fg.red + fg.green + fg.blue) > 1.5;

  layout (self, width, height);
  h = self->card_h;
  if (h < 12)
    return;

  {
    GdkRGBA felt = fg;
    GskRoundedRect rr;
    graphene_rect_t all = GRAPHENE_RECT_INIT (self->origin_x, self->origin_y,
                                              (3 * TRIAD_CARD_ASPECT + 4 * GAP) * h,
                                              (3 + 4 * GAP) * h);

    felt.alpha = dark ? 0.07 : 0.06;
    gsk_rounded_rect_init_from_rect (&rr, &all, h * 0.1);
    gtk_snapshot_push_rounded_clip (snapshot, &rr);
    gtk_snapshot_append_color (snapshot, &felt, &all);
    gtk_snapshot_pop (snapshot);
  }

  /* Where the chosen card would go: the hovered cell, else the keyboard cursor. */
  target = self->hover >= 0 ? self->hover : (focused ? self->cursor : -1);

  for (int cell = 0; cell < TRIAD_N_CELLS; cell++)
    {
      graphene_rect_t rect = cell_rect (self, cell);

      if (self->has_view && self->view.owner[cell] != TRIAD_EMPTY)
        {
          draw_cell_card (self, snapshot, cell, now);
          continue;
        }

      {
        GdkRGBA slot = fg, line = fg;
        GskRoundedRect rr;

        slot.alpha = dark ? 0.08 : 0.06;
        line.alpha = 0.16;
        if (self->interactive)
          {
            slot = accent;
            slot.alpha = 0.10;
            line = accent;
            line.alpha = 0.45;
          }
        gsk_rounded_rect_init_from_rect (&rr, &rect, rect.size.width * 0.09);
        gtk_snapshot_push_rounded_clip (snapshot, &rr);
        gtk_snapshot_append_color (snapshot, &slot, &rect);
        gtk_snapshot_pop (snapshot);
        parlor_draw_ring (snapshot, &rect, 1.5, rect.size.width * 0.09, &line);
      }

      if (cell == target && self->interactive && self->has_preview)
        {
          gtk_snapshot_push_opacity (snapshot, 0.5);
          triad_card_snapshot (snapshot, widget, &rect, &self->preview, TRIAD_FACE_BLUE);
          gtk_snapshot_pop (snapshot);
        }
    }

  if (self->has_view && self->last_move >= 0 && self->view.owner[self->last_move] != TRIAD_EMPTY)
    {
      graphene_rect_t rect = cell_rect (self, self->last_move), outer;

      graphene_rect_inset_r (&rect, -MAX (2, h * 0.015), -MAX (2, h * 0.015), &outer);
      parlor_draw_ring (snapshot, &outer, MAX (3, h * 0.025), outer.size.width * 0.1, &gold);
    }

  if (focused)
    {
      graphene_rect_t rect = cell_rect (self, self->cursor), outer;
      GdkRGBA ring = dark ? (GdkRGBA) { 1, 1, 1, 0.9 } : (GdkRGBA) { 0, 0, 0, 0.75 };
      double out = MAX (4, h * 0.035);

      graphene_rect_inset_r (&rect, -out, -out, &outer);
      parlor_draw_ring (snapshot, &outer, 2, outer.size.width * 0.11, &ring);
    }
}

static void
triad_board_view_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  TriadBoardView *self = TRIAD_BOARD_VIEW (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 180;
      *natural = self->compact ? 210 : 390;
    }
  else
    {
      *minimum = 220;
      *natural = self->compact ? 260 : 480;
    }
}

static void
activate_cursor (TriadBoardView *self)
{
  /* A full cell too: the screen says why nothing is played there. */
  if (self->interactive)
    g_signal_emit (self, signals[CELL_ACTIVATED], 0, self->cursor);
}

static void
on_pressed (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            TriadBoardView  *self)
{
  int cell = hit_test (self, x, y);

  if (cell < 0)
    return;

  self->cursor = cell;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  activate_cursor (self);
}

static void
on_motion (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           TriadBoardView           *self)
{
  int cell = hit_test (self, x, y);

  if (cell != self->hover)
    {
      self->hover = cell;
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self),
                                       cell >= 0 && self->interactive && cell_is_free (self, cell)
                                       ? "pointer" : NULL);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
on_leave (GtkEventControllerMotion *motion,
          TriadBoardView           *self)
{
  self->hover = -1;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
on_query_tooltip (GtkWidget      *widget,
                  int             x,
                  int             y,
                  gboolean        keyboard,
                  GtkTooltip     *tooltip,
                  TriadBoardView *self)
{
  int cell = keyboard ? self->cursor : hit_test (self, x, y);
  g_autofree char *text = NULL;

  if (cell < 0)
    return FALSE;
  text = triad_board_view_describe_cell (self, cell);
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

void
triad_board_view_move_cursor (TriadBoardView *self,
                              int             dx,
                              int             dy)
{
  int col, row;

  g_return_if_fail (TRIAD_IS_BOARD_VIEW (self));

  col = CLAMP (self->cursor % 3 + dx, 0, 2);
  row = CLAMP (self->cursor / 3 + dy, 0, 2);
  self->cursor = row * 3 + col;
  self->hover = -1;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
triad_board_view_set_cursor (TriadBoardView *self,
                             int             cell)
{
  g_return_if_fail (TRIAD_IS_BOARD_VIEW (self));
  g_return_if_fail (cell >= 0 && cell < TRIAD_N_CELLS);

  self->cursor = cell;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
triad_board_view_get_cursor (TriadBoardView *self)
{
  g_return_val_if_fail (TRIAD_IS_BOARD_VIEW (self), 0);
  return self->cursor;
}

int
triad_board_view_get_last_move (TriadBoardView *self)
{
  g_return_val_if_fail (TRIAD_IS_BOARD_VIEW (self), -1);
  return self->last_move;
}

static void
move_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  int dx, dy;

  g_variant_get (param, "(ii)", &dx, &dy);
  triad_board_view_move_cursor (TRIAD_BOARD_VIEW (widget), dx, dy);
}

static void
activate_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  activate_cursor (TRIAD_BOARD_VIEW (widget));
}

static void
on_focus_changed (TriadBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
triad_board_view_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  TriadBoardView *self = TRIAD_BOARD_VIEW (widget);

  layout (self, width, height);
  for (int cell = 0; cell < TRIAD_N_CELLS; cell++)
    {
      graphene_rect_t rect = cell_rect (self, cell);

      parlor_accessible_part_allocate (self->cells[cell], &rect);
    }
}

static void
triad_board_view_dispose (GObject *object)
{
  TriadBoardView *self = TRIAD_BOARD_VIEW (object);

  stop_animations (self);
  for (int cell = 0; cell < TRIAD_N_CELLS; cell++)
    g_clear_pointer (&self->cells[cell], gtk_widget_unparent);

  G_OBJECT_CLASS (triad_board_view_parent_class)->dispose (object);
}

static void
triad_board_view_finalize (GObject *object)
{
  TriadBoardView *self = TRIAD_BOARD_VIEW (object);

  g_free (self->opponent);

  G_OBJECT_CLASS (triad_board_view_parent_class)->finalize (object);
}

static void
triad_board_view_class_init (TriadBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = triad_board_view_dispose;
  object_class->finalize = triad_board_view_finalize;
  widget_class->snapshot = triad_board_view_snapshot;
  widget_class->measure = triad_board_view_measure;
  widget_class->size_allocate = triad_board_view_size_allocate;

  signals[CELL_ACTIVATED] =
    g_signal_new ("cell-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_install_action (widget_class, "board.move", "(ii)", move_action);
  gtk_widget_class_install_action (widget_class, "board.activate", NULL, activate_action);
  parlor_widget_class_add_grid_keys (widget_class, "board.move", "board.activate");

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
  gtk_widget_class_set_css_name (widget_class, "triad-board");
}

static void
triad_board_view_init (TriadBoardView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();

  self->cursor = 4;
  self->hover = -1;
  self->last_move = -1;
  for (int cell = 0; cell < TRIAD_N_CELLS; cell++)
    {
      self->cells[cell] = parlor_accessible_part_new (GTK_ACCESSIBLE_ROLE_GRID_CELL);
      gtk_widget_set_parent (self->cells[cell], GTK_WIDGET (self));
    }

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);

  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (on_focus_changed), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (on_focus_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Board: three rows of three cells"),
                                  -1);
  update_accessible (self);
}

GtkWidget *
triad_board_view_new (void)
{
  return g_object_new (TRIAD_TYPE_BOARD_VIEW, NULL);
}

void
triad_board_view_set_view (TriadBoardView  *self,
                           const TriadView *view)
{
  gint64 now = g_get_monotonic_time ();
  gboolean animate, started = FALSE;

  g_return_if_fail (TRIAD_IS_BOARD_VIEW (self));
  g_return_if_fail (view != NULL);

  animate = self->has_view && animations_enabled (self) && view->n_filled >= self->view.n_filled;
  for (int cell = 0; cell < TRIAD_N_CELLS; cell++)
    {
      int before = self->has_view ? self->view.owner[cell] : TRIAD_EMPTY;
      int after = view->owner[cell];

      if (self->has_view && before == TRIAD_EMPTY && after != TRIAD_EMPTY)
        {
          self->last_move = cell;
          if (animate)
            {
              self->place_start = now;
              started = TRUE;
            }
        }
      else if (before != TRIAD_EMPTY && after != TRIAD_EMPTY && before != after && animate)
        {
          self->flip_start[cell] = now;
          self->flip_from[cell] = before;
          started = TRUE;
        }
    }
  if (view->n_filled == 0)
    self->last_move = -1;

  self->view = *view;
  self->has_view = TRUE;
  if (started && self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), on_tick, NULL, NULL);
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
triad_board_view_reset (TriadBoardView *self)
{
  g_return_if_fail (TRIAD_IS_BOARD_VIEW (self));

  stop_animations (self);
  self->has_view = FALSE;
  self->last_move = -1;
  self->cursor = 4;
  self->has_preview = FALSE;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
triad_board_view_set_opponent (TriadBoardView *self,
                               const char     *name)
{
  g_return_if_fail (TRIAD_IS_BOARD_VIEW (self));

  g_free (self->opponent);
  self->opponent = g_strdup (name);
  update_accessible (self);
}

void
triad_board_view_set_interactive (TriadBoardView *self,
                                  gboolean        interactive)
{
  g_return_if_fail (TRIAD_IS_BOARD_VIEW (self));

  interactive = !!interactive;
  if (self->interactive == interactive)
    return;
  self->interactive = interactive;
  if (!interactive)
    gtk_widget_set_cursor_from_name (GTK_WIDGET (self), NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
triad_board_view_get_interactive (TriadBoardView *self)
{
  g_return_val_if_fail (TRIAD_IS_BOARD_VIEW (self), FALSE);
  return self->interactive;
}

void
triad_board_view_set_preview (TriadBoardView  *self,
                              const TriadCard *card)
{
  g_return_if_fail (TRIAD_IS_BOARD_VIEW (self));

  self->has_preview = card != NULL;
  if (card != NULL)
    self->preview = *card;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
triad_board_view_set_compact (TriadBoardView *self,
                              gboolean        compact)
{
  g_return_if_fail (TRIAD_IS_BOARD_VIEW (self));

  self->compact = !!compact;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

gboolean
triad_board_view_is_flipping (TriadBoardView *self,
                              int             cell)
{
  g_return_val_if_fail (TRIAD_IS_BOARD_VIEW (self), FALSE);
  g_return_val_if_fail (cell >= 0 && cell < TRIAD_N_CELLS, FALSE);

  return self->flip_start[cell] != 0;
}
