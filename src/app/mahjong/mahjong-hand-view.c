/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mahjong-hand"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mahjong-hand-view.h"
#include "mahjong-tile-paint.h"
#include "mahjong-tile-widget.h"
#include "parlor-screen-util.h"

#define GAP 0.06        /* between tiles, of a tile's width */
#define DRAWN_GAP 0.45  /* before the drawn tile */
#define RAISE 0.16      /* of a tile's height, for the selected tile */
#define MAX_TILE_H 120
#define MIN_TILE_H 40       /* readable on an 800×600 window */
#define NAT_TILE_H 72
#define COMPACT_TILE_H 32   /* the others' hands, face down */
#define COMPACT_MIN_TILE_H 16

struct _MahjongHandView
{
  GtkWidget  parent_instance;

  char      *owner;           /* NULL for the viewer's own hand */
  MahjongTile tiles[MAHJONG_HAND_MAX];
  GtkWidget *children[MAHJONG_HAND_MAX];
  guint      n_tiles;
  gboolean   has_drawn;
  gboolean   interactive;
  gboolean   compact;
  /* The focus was asked for before the tiles came: it goes to them. */
  gboolean   focus_pending;
  guint      widest;      /* the most tiles held yet: the width asked for */
  int        selected;

  graphene_rect_t rects[MAHJONG_HAND_MAX];   /* of the last allocation */
};

G_DEFINE_FINAL_TYPE (MahjongHandView, mahjong_hand_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_INTERACTIVE,
  PROP_SELECTED,
  PROP_COMPACT,
  N_PROPS
};

enum {
  TILE_ACTIVATED,
  TILE_REFUSED,
  SELECTION_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

char *
mahjong_hand_view_describe_tile (MahjongHandView *self,
                                 guint            index)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (MAHJONG_IS_HAND_VIEW (self), NULL);
  g_return_val_if_fail (index < self->n_tiles, NULL);

  name = mahjong_tile_name (self->tiles[index]);
  if (self->has_drawn && index == self->n_tiles - 1)
    /* Translators: "3 of bamboo, tile 7 of 7, drawn tile" */
    return g_strdup_printf (_("%s, tile %u of %u, drawn tile"), name, index + 1, self->n_tiles);
  /* Translators: "3 of bamboo, tile 4 of 7" */
  return g_strdup_printf (_("%s, tile %u of %u"), name, index + 1, self->n_tiles);
}

char *
mahjong_hand_view_describe (MahjongHandView *self)
{
  g_autoptr(GString) tiles = g_string_new (NULL);
  g_autofree char *list = NULL;
  guint n_plain;

  g_return_val_if_fail (MAHJONG_IS_HAND_VIEW (self), NULL);

  if (self->n_tiles == 0)
    return self->owner == NULL ? g_strdup (_("Your hand is empty"))
                               /* Translators: "Alice’s hand is empty" */
                               : g_strdup_printf (_("%s’s hand is empty"), self->owner);

  n_plain = self->n_tiles - (self->has_drawn ? 1 : 0);
  for (guint i = 0; i < n_plain; i++)
    {
      g_autofree char *name = mahjong_tile_name (self->tiles[i]);

      if (i > 0)
        /* Translators: the separator between tiles in a list */
        g_string_append (tiles, _(", "));
      g_string_append (tiles, name);
    }
  if (self->has_drawn)
    {
      g_autofree char *name = mahjong_tile_name (self->tiles[self->n_tiles - 1]);

      if (n_plain > 0)
        /* Translators: the hand's tiles, then the drawn tile: "East wind, East wind; drawn: Red dragon" */
        list = g_strdup_printf (_("%s; drawn: %s"), tiles->str, name);
      else
        /* Translators: a hand of the drawn tile alone: "drawn: Red dragon" */
        list = g_strdup_printf (_("drawn: %s"), name);
    }
  else
    list = g_strdup (tiles->str);

  if (self->owner == NULL)
    /* Translators: "Your hand, 7 tiles: East wind, …" */
    return g_strdup_printf (ngettext ("Your hand, %u tile: %s", "Your hand, %u tiles: %s",
                                      self->n_tiles), self->n_tiles, list);
  /* Translators: "Alice’s hand, 7 tiles: East wind, …" */
  return g_strdup_printf (ngettext ("%s’s hand, %u tile: %s", "%s’s hand, %u tiles: %s",
                                    self->n_tiles), self->owner, self->n_tiles, list);
}

static MahjongTilePaintFlags
flags_for (MahjongHandView *self,
           guint            index)
{
  MahjongTilePaintFlags flags = 0;

  if (self->tiles[index] == MAHJONG_NO_TILE)
    flags |= MAHJONG_TILE_PAINT_BACK;
  if ((int) index == self->selected && self->interactive)
    flags |= MAHJONG_TILE_PAINT_SELECTED;
  return flags;
}

/* Names, focus chain and states of the children, after any change. */
static void
update_children (MahjongHandView *self)
{
  g_autofree char *label = mahjong_hand_view_describe (self);

  for (guint i = 0; i < self->n_tiles; i++)
    {
      GtkWidget *child = self->children[i];
      g_autofree char *name = mahjong_hand_view_describe_tile (self, i);
      g_autofree char *tip = mahjong_tile_name (self->tiles[i]);

      mahjong_tile_widget_set_tile (MAHJONG_TILE_WIDGET (child), self->tiles[i]);
      mahjong_tile_widget_set_flags (MAHJONG_TILE_WIDGET (child), flags_for (self, i));
      parlor_accessible_set_name (child, name);
      /* The name in words, for players who do not read the characters. */
      gtk_widget_set_tooltip_text (child, tip);
      gtk_accessible_update_state (GTK_ACCESSIBLE (child),
                                   GTK_ACCESSIBLE_STATE_DISABLED, !self->interactive,
                                   -1);
      gtk_widget_action_set_enabled (child, "tile.activate", self->interactive);
    }
  parlor_accessible_set_name (GTK_WIDGET (self), label);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

/* Only the selected tile is in the Tab chain; arrows move within the hand. */
static void
update_focus_chain (MahjongHandView *self,
                    gboolean         move_focus)
{
  if (move_focus && self->n_tiles > 0)
    {
      gtk_widget_set_focusable (self->children[self->selected], TRUE);
      gtk_widget_grab_focus (self->children[self->selected]);
    }
  for (guint i = 0; i < self->n_tiles; i++)
    gtk_widget_set_focusable (self->children[i], (int) i == self->selected);
}

static gboolean
focus_is_inside (MahjongHandView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  return focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self));
}

void
mahjong_hand_view_select (MahjongHandView *self,
                          int              index)
{
  g_return_if_fail (MAHJONG_IS_HAND_VIEW (self));

  index = self->n_tiles > 0 ? CLAMP (index, 0, (int) self->n_tiles - 1) : 0;
  if (index == self->selected)
    return;
  self->selected = index;
  /* Named before the focus moves, or the tile is heard twice. */
  update_children (self);
  update_focus_chain (self, focus_is_inside (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

int
mahjong_hand_view_get_selected (MahjongHandView *self)
{
  g_return_val_if_fail (MAHJONG_IS_HAND_VIEW (self), 0);
  return self->selected;
}

static void
activate_selected (MahjongHandView *self)
{
  if (self->n_tiles == 0)
    return;
  if (!self->interactive)
    {
      g_signal_emit (self, signals[TILE_REFUSED], 0);
      return;
    }
  g_signal_emit (self, signals[TILE_ACTIVATED], 0, self->selected, (guint) self->tiles[self->selected]);
}

/* ---- layout ---- */

static void
tile_size (MahjongHandView *self,
           double           width,
           double           height,
           double          *tw,
           double          *th)
{
  guint n = MAX (self->n_tiles, 1);
  double units_w = n * MAHJONG_TILE_ASPECT + (n + 1) * GAP * MAHJONG_TILE_ASPECT
                   + (self->has_drawn ? DRAWN_GAP * MAHJONG_TILE_ASPECT : 0);
  double h = MIN (height / (1 + RAISE + 0.04), width / units_w);

  *th = MIN (h, self->compact ? COMPACT_TILE_H : MAX_TILE_H);
  *tw = *th * MAHJONG_TILE_ASPECT;
}

static void
mahjong_hand_view_size_allocate (GtkWidget *widget,
                                 int        width,
                                 int        height,
                                 int        baseline)
{
  MahjongHandView *self = MAHJONG_HAND_VIEW (widget);
  double tw, th, row, x, y;

  tile_size (self, width, height, &tw, &th);
  row = self->n_tiles * tw + (self->n_tiles > 0 ? self->n_tiles - 1 : 0) * GAP * tw
        + (self->has_drawn ? DRAWN_GAP * tw : 0);
  x = (width - row) / 2;
  y = (height - th) / 2 + RAISE * th / 2;

  for (guint i = 0; i < self->n_tiles; i++)
    {
      double ty = y;
      GtkAllocation alloc;

      if (self->has_drawn && i == self->n_tiles - 1 && i > 0)
        x += DRAWN_GAP * tw;
      if ((int) i == self->selected && self->interactive)
        ty -= RAISE * th;
      self->rects[i] = GRAPHENE_RECT_INIT (x, ty, tw, th);
      alloc = (GtkAllocation) { (int) floor (x), (int) floor (ty), (int) ceil (tw), (int) ceil (th) };
      gtk_widget_size_allocate (self->children[i], &alloc, -1);
      x += tw * (1 + GAP);
    }
}

static void
mahjong_hand_view_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  MahjongHandView *self = MAHJONG_HAND_VIEW (widget);
  double min_h = self->compact ? COMPACT_MIN_TILE_H : MIN_TILE_H;
  double nat_h = self->compact ? COMPACT_TILE_H : NAT_TILE_H;
  guint n = MAX (self->widest, 1);
  double units_w = n * MAHJONG_TILE_ASPECT * (1 + GAP) + DRAWN_GAP * MAHJONG_TILE_ASPECT;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = (int) ceil (units_w * min_h);
      *natural = (int) ceil (units_w * nat_h);
    }
  else
    {
      *minimum = (int) ceil (min_h * (1 + RAISE + 0.04));
      *natural = (int) ceil (nat_h * (1 + RAISE + 0.04));
    }
}

static void
mahjong_hand_view_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  MahjongHandView *self = MAHJONG_HAND_VIEW (widget);

  /* Waiting for others: the hand rests, a little faded. */
  if (!self->interactive && self->owner == NULL)
    gtk_snapshot_push_opacity (snapshot, 0.85);
  for (guint i = 0; i < self->n_tiles; i++)
    gtk_widget_snapshot_child (widget, self->children[i], snapshot);
  if (!self->interactive && self->owner == NULL)
    gtk_snapshot_pop (snapshot);
}

/* ---- input ---- */

static int
hit_test (MahjongHandView *self,
          double           x,
          double           y)
{
  for (guint i = 0; i < self->n_tiles; i++)
    if (graphene_rect_contains_point (&self->rects[i], &GRAPHENE_POINT_INIT (x, y)))
      return i;
  return -1;
}

static void
on_pressed (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            MahjongHandView *self)
{
  int index = hit_test (self, x, y);
  gboolean again;

  if (index < 0)
    return;
  again = index == self->selected;
  mahjong_hand_view_select (self, index);
  /* The first click raises a tile, a second one (or a double click) plays it. */
  if (again || n_press == 2)
    activate_selected (self);
}

static void
move_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  MahjongHandView *self = MAHJONG_HAND_VIEW (widget);

  mahjong_hand_view_select (self, self->selected + g_variant_get_int32 (param));
  /* Keep the keyboard on the hand even when the selection stayed. */
  if (self->n_tiles > 0 && !gtk_widget_has_focus (self->children[self->selected]))
    gtk_widget_grab_focus (self->children[self->selected]);
}

static void
activate_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  activate_selected (MAHJONG_HAND_VIEW (widget));
}

/* ---- children ---- */

/* A tile pressed through assistive technology: raised and played, as a double click does. */
static void
on_tile_activate (MahjongHandView *self,
                  GtkWidget       *tile)
{
  for (guint i = 0; i < self->n_tiles; i++)
    if (self->children[i] == tile)
      {
        mahjong_hand_view_select (self, (int) i);
        activate_selected (self);
        return;
      }
}

static void
set_n_children (MahjongHandView *self,
                guint            n)
{
  while (self->n_tiles < n)
    {
      GtkWidget *child = mahjong_tile_widget_new (MAHJONG_NO_TILE);

      gtk_widget_set_focusable (child, FALSE);
      g_signal_connect_swapped (child, "activate", G_CALLBACK (on_tile_activate), self);
      gtk_widget_set_parent (child, GTK_WIDGET (self));
      self->children[self->n_tiles++] = child;
    }
  while (self->n_tiles > n)
    {
      self->n_tiles--;
      g_clear_pointer (&self->children[self->n_tiles], gtk_widget_unparent);
    }
}

static void
mahjong_hand_view_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  MahjongHandView *self = MAHJONG_HAND_VIEW (object);

  switch (prop_id)
    {
    case PROP_INTERACTIVE:
      g_value_set_boolean (value, self->interactive);
      break;
    case PROP_SELECTED:
      g_value_set_int (value, self->selected);
      break;
    case PROP_COMPACT:
      g_value_set_boolean (value, self->compact);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mahjong_hand_view_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  MahjongHandView *self = MAHJONG_HAND_VIEW (object);

  switch (prop_id)
    {
    case PROP_INTERACTIVE:
      mahjong_hand_view_set_interactive (self, g_value_get_boolean (value));
      break;
    case PROP_SELECTED:
      mahjong_hand_view_select (self, g_value_get_int (value));
      break;
    case PROP_COMPACT:
      mahjong_hand_view_set_compact (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mahjong_hand_view_dispose (GObject *object)
{
  MahjongHandView *self = MAHJONG_HAND_VIEW (object);

  set_n_children (self, 0);

  G_OBJECT_CLASS (mahjong_hand_view_parent_class)->dispose (object);
}

static void
mahjong_hand_view_finalize (GObject *object)
{
  MahjongHandView *self = MAHJONG_HAND_VIEW (object);

  g_free (self->owner);

  G_OBJECT_CLASS (mahjong_hand_view_parent_class)->finalize (object);
}

/* The hand takes the focus on its selected tile, or its last one, so that
 * giving it the focus always puts the keyboard on a tile. */
static gboolean
mahjong_hand_view_grab_focus (GtkWidget *widget)
{
  MahjongHandView *self = MAHJONG_HAND_VIEW (widget);
  guint i;

  self->focus_pending = self->n_tiles == 0;
  if (self->n_tiles == 0)
    return FALSE;
  i = self->selected >= 0 && (guint) self->selected < self->n_tiles ? (guint) self->selected
                                                                      : self->n_tiles - 1;
  gtk_widget_set_focusable (self->children[i], TRUE);
  return gtk_widget_grab_focus (self->children[i]);
}

static void
mahjong_hand_view_class_init (MahjongHandViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = mahjong_hand_view_get_property;
  object_class->set_property = mahjong_hand_view_set_property;
  object_class->dispose = mahjong_hand_view_dispose;
  object_class->finalize = mahjong_hand_view_finalize;
  widget_class->snapshot = mahjong_hand_view_snapshot;
  widget_class->measure = mahjong_hand_view_measure;
  widget_class->size_allocate = mahjong_hand_view_size_allocate;
  widget_class->grab_focus = mahjong_hand_view_grab_focus;

  properties[PROP_INTERACTIVE] =
    g_param_spec_boolean ("interactive", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED] =
    g_param_spec_int ("selected", NULL, NULL, 0, MAHJONG_HAND_MAX - 1, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COMPACT] =
    g_param_spec_boolean ("compact", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MahjongHandView::tile-activated:
   * @index: the tile's place in the displayed order
   * @tile: the tile (kind, maybe with MAHJONG_TILE_RED)
   */
  signals[TILE_ACTIVATED] =
    g_signal_new ("tile-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_UINT);
  /**
   * MahjongHandView::tile-refused:
   *
   * A tile was played while the hand takes none (not its turn).
   */
  signals[TILE_REFUSED] =
    g_signal_new ("tile-refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
  signals[SELECTION_CHANGED] =
    g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "hand.move", "i", move_action);
  gtk_widget_class_install_action (widget_class, "hand.activate", NULL, activate_action);
  parlor_widget_class_add_row_keys (widget_class, "hand.move", MAHJONG_HAND_MAX, "hand.activate");

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_set_css_name (widget_class, "mahjong-hand");
}

static void
mahjong_hand_view_init (MahjongHandView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  update_children (self);
}

GtkWidget *
mahjong_hand_view_new (void)
{
  return g_object_new (MAHJONG_TYPE_HAND_VIEW, NULL);
}

void
mahjong_hand_view_set_owner (MahjongHandView *self,
                             const char      *owner_name)
{
  g_return_if_fail (MAHJONG_IS_HAND_VIEW (self));

  if (g_strcmp0 (self->owner, owner_name) == 0)
    return;
  g_free (self->owner);
  self->owner = g_strdup (owner_name);
  update_children (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
set_tiles (MahjongHandView   *self,
           const MahjongTile *tiles,
           guint              n_tiles,
           gboolean           has_drawn,
           guint              drawn)
{
  guint total = n_tiles + (has_drawn ? 1 : 0);
  int before = self->selected;
  /* Before a focused tile may go away with its child. */
  gboolean had_focus = focus_is_inside (self);

  set_n_children (self, total);
  if (total > self->widest)
    {
      self->widest = total;
      gtk_widget_queue_resize (GTK_WIDGET (self));
    }
  if (n_tiles > 0)
    memcpy (self->tiles, tiles, n_tiles * sizeof tiles[0]);
  qsort (self->tiles, n_tiles, sizeof self->tiles[0], mahjong_tile_compare);
  self->has_drawn = has_drawn;
  if (has_drawn)
    {
      self->tiles[n_tiles] = drawn;
      /* A new drawn tile: the selection goes to it, ready to discard. */
      self->selected = total - 1;
    }
  self->selected = total > 0 ? MIN (self->selected, (int) total - 1) : 0;
  if (self->focus_pending && total > 0 && gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      had_focus = TRUE;
      self->focus_pending = FALSE;
    }
  update_children (self);
  update_focus_chain (self, had_focus);
  if (self->selected != before)
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
      g_signal_emit (self, signals[SELECTION_CHANGED], 0);
    }
}

void
mahjong_hand_view_set_tiles (MahjongHandView   *self,
                             const MahjongTile *tiles,
                             guint              n_tiles,
                             guint              drawn)
{
  g_return_if_fail (MAHJONG_IS_HAND_VIEW (self));
  g_return_if_fail (tiles != NULL || n_tiles == 0);
  g_return_if_fail (n_tiles + (drawn != MAHJONG_NO_TILE ? 1 : 0) <= MAHJONG_HAND_MAX);

  set_tiles (self, tiles, n_tiles, drawn != MAHJONG_NO_TILE, drawn);
}

void
mahjong_hand_view_set_hidden (MahjongHandView *self,
                              guint            n_tiles,
                              gboolean         drawn)
{
  MahjongTile backs[MAHJONG_HAND_MAX];

  g_return_if_fail (MAHJONG_IS_HAND_VIEW (self));
  g_return_if_fail (n_tiles + (drawn ? 1 : 0) <= MAHJONG_HAND_MAX);

  memset (backs, MAHJONG_NO_TILE, sizeof backs);
  set_tiles (self, backs, n_tiles, !!drawn, MAHJONG_NO_TILE);
}

guint
mahjong_hand_view_get_n_tiles (MahjongHandView *self)
{
  g_return_val_if_fail (MAHJONG_IS_HAND_VIEW (self), 0);
  return self->n_tiles;
}

guint
mahjong_hand_view_get_tile (MahjongHandView *self,
                            guint            index)
{
  g_return_val_if_fail (MAHJONG_IS_HAND_VIEW (self), MAHJONG_NO_TILE);
  g_return_val_if_fail (index < self->n_tiles, MAHJONG_NO_TILE);
  return self->tiles[index];
}

GtkWidget *
mahjong_hand_view_get_tile_widget (MahjongHandView *self,
                                   guint            index)
{
  g_return_val_if_fail (MAHJONG_IS_HAND_VIEW (self), NULL);
  g_return_val_if_fail (index < self->n_tiles, NULL);
  return self->children[index];
}

gboolean
mahjong_hand_view_get_has_drawn (MahjongHandView *self)
{
  g_return_val_if_fail (MAHJONG_IS_HAND_VIEW (self), FALSE);
  return self->has_drawn;
}

gboolean
mahjong_hand_view_get_interactive (MahjongHandView *self)
{
  g_return_val_if_fail (MAHJONG_IS_HAND_VIEW (self), FALSE);
  return self->interactive;
}

void
mahjong_hand_view_set_interactive (MahjongHandView *self,
                                   gboolean         interactive)
{
  g_return_if_fail (MAHJONG_IS_HAND_VIEW (self));

  interactive = !!interactive;
  if (self->interactive == interactive)
    return;
  self->interactive = interactive;
  update_children (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
}

gboolean
mahjong_hand_view_get_compact (MahjongHandView *self)
{
  g_return_val_if_fail (MAHJONG_IS_HAND_VIEW (self), FALSE);
  return self->compact;
}

void
mahjong_hand_view_set_compact (MahjongHandView *self,
                               gboolean         compact)
{
  g_return_if_fail (MAHJONG_IS_HAND_VIEW (self));

  compact = !!compact;
  if (self->compact == compact)
    return;
  self->compact = compact;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPACT]);
}
