/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mahjong-tile-widget"

#include "config.h"

#include "mahjong-tile-widget.h"

struct _MahjongTileWidget
{
  GtkWidget             parent_instance;

  guint                 tile;
  MahjongTilePaintFlags flags;
};

G_DEFINE_FINAL_TYPE (MahjongTileWidget, mahjong_tile_widget, GTK_TYPE_WIDGET)

enum {
  ACTIVATE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
activate_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  g_signal_emit (widget, signals[ACTIVATE], 0);
}

static void
mahjong_tile_widget_snapshot (GtkWidget   *widget,
                              GtkSnapshot *snapshot)
{
  MahjongTileWidget *self = MAHJONG_TILE_WIDGET (widget);
  double w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  double tw, th;
  MahjongTilePaintFlags flags = self->flags;

  mahjong_tile_fit (w, h, &tw, &th);
  if (gtk_widget_has_visible_focus (widget))
    flags |= MAHJONG_TILE_PAINT_FOCUS;
  mahjong_tile_paint (snapshot, widget, &GRAPHENE_RECT_INIT ((w - tw) / 2, (h - th) / 2, tw, th),
                      self->tile, flags);
}

static void
mahjong_tile_widget_measure (GtkWidget      *widget,
                             GtkOrientation  orientation,
                             int             for_size,
                             int            *minimum,
                             int            *natural,
                             int            *minimum_baseline,
                             int            *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 12 : 16;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 48 : 64;
}

static void
mahjong_tile_widget_class_init (MahjongTileWidgetClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = mahjong_tile_widget_snapshot;
  widget_class->measure = mahjong_tile_widget_measure;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_BUTTON);
  gtk_widget_class_set_css_name (widget_class, "mahjong-tile");
  /* The button's action for assistive technology; off unless something plays the tile. */
  gtk_widget_class_install_action (widget_class, "tile.activate", NULL, activate_action);
  signals[ACTIVATE] = g_signal_new ("activate", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
on_focus_changed (MahjongTileWidget *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
mahjong_tile_widget_init (MahjongTileWidget *self)
{
  GtkEventController *focus = gtk_event_controller_focus_new ();

  self->tile = MAHJONG_NO_TILE;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tile.activate", FALSE);
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (on_focus_changed), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (on_focus_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
}

GtkWidget *
mahjong_tile_widget_new (guint tile)
{
  MahjongTileWidget *self = g_object_new (MAHJONG_TYPE_TILE_WIDGET, NULL);

  self->tile = tile;
  return GTK_WIDGET (self);
}

guint
mahjong_tile_widget_get_tile (MahjongTileWidget *self)
{
  g_return_val_if_fail (MAHJONG_IS_TILE_WIDGET (self), MAHJONG_NO_TILE);
  return self->tile;
}

void
mahjong_tile_widget_set_tile (MahjongTileWidget *self,
                              guint              tile)
{
  g_return_if_fail (MAHJONG_IS_TILE_WIDGET (self));

  if (self->tile == tile)
    return;
  self->tile = tile;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

MahjongTilePaintFlags
mahjong_tile_widget_get_flags (MahjongTileWidget *self)
{
  g_return_val_if_fail (MAHJONG_IS_TILE_WIDGET (self), 0);
  return self->flags;
}

void
mahjong_tile_widget_set_flags (MahjongTileWidget     *self,
                               MahjongTilePaintFlags  flags)
{
  g_return_if_fail (MAHJONG_IS_TILE_WIDGET (self));

  if (self->flags == flags)
    return;
  self->flags = flags;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
