/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mahjong-river"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>
#include <string.h>

#include "mahjong-river-view.h"
#include "parlor-screen-util.h"
#include "mahjong-tile-paint.h"

#define GAP 0.06       /* between tiles, of a tile's width */
#define ROW_GAP 0.08   /* between rows, of a tile's height */
#define MIN_ROWS 3
#define WIDE_COLUMNS 10 /* a river this wide keeps room for two rows, not three */
#define MIN_TILE_H 24   /* readable on an 800×600 window */
#define NAT_TILE_H 40
#define MAX_TILE_H 72

struct _MahjongRiverView
{
  GtkWidget   parent_instance;

  char       *owner;
  MahjongTile tiles[MAHJONG_RIVER_MAX];
  gboolean    claimed[MAHJONG_RIVER_MAX];
  guint       n_tiles;
  guint       columns;
  gboolean    highlight_last;

  /* Layout of the last snapshot, for tooltips. */
  double      origin_x;
  double      tile_h;

  GtkWidget  *parts[MAHJONG_RIVER_MAX];   /* each discard, named for screen readers */
  guint       n_parts;
};

G_DEFINE_FINAL_TYPE (MahjongRiverView, mahjong_river_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_COLUMNS,
  PROP_HIGHLIGHT_LAST,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

char *
mahjong_river_view_get_label (MahjongRiverView *self)
{
  g_return_val_if_fail (MAHJONG_IS_RIVER_VIEW (self), NULL);

  if (self->owner == NULL)
    return g_strdup (_("Your discards"));
  /* Translators: "Alice’s discards" */
  return g_strdup_printf (_("%s’s discards"), self->owner);
}

static char *
describe_discard (MahjongRiverView *self,
                  guint             index)
{
  g_autofree char *name = mahjong_tile_name (self->tiles[index]);
  gboolean last = index + 1 == self->n_tiles && self->highlight_last;

  if (self->claimed[index])
    /* Translators: "3. East wind, claimed" */
    return g_strdup_printf (_("%u. %s, claimed"), index + 1, name);
  if (last)
    /* Translators: "7. Red dragon, last discard" */
    return g_strdup_printf (_("%u. %s, last discard"), index + 1, name);
  /* Translators: "3. East wind" */
  return g_strdup_printf (_("%u. %s"), index + 1, name);
}

char *
mahjong_river_view_describe (MahjongRiverView *self)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (MAHJONG_IS_RIVER_VIEW (self), NULL);

  if (self->n_tiles == 0)
    return g_strdup (_("No discards"));
  for (guint i = 0; i < self->n_tiles; i++)
    {
      g_autofree char *item = describe_discard (self, i);

      if (i > 0)
        /* Translators: the separator between the discards in a list */
        g_string_append (text, _("; "));
      g_string_append (text, item);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
update_accessible (MahjongRiverView *self)
{
  g_autofree char *label = mahjong_river_view_get_label (self);
  g_autofree char *list = mahjong_river_view_describe (self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, list,
                                  -1);
  for (; self->n_parts < self->n_tiles; self->n_parts++)
    {
      self->parts[self->n_parts] = parlor_accessible_part_new (GTK_ACCESSIBLE_ROLE_LIST_ITEM);
      gtk_widget_set_parent (self->parts[self->n_parts], GTK_WIDGET (self));
    }
  for (guint i = 0; i < self->n_parts; i++)
    {
      gtk_widget_set_visible (self->parts[i], i < self->n_tiles);
      if (i < self->n_tiles)
        {
          g_autofree char *item = describe_discard (self, i);

          gtk_accessible_update_property (GTK_ACCESSIBLE (self->parts[i]),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, item, -1);
        }
    }
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static guint
n_rows (MahjongRiverView *self)
{
  return MAX (self->columns >= WIDE_COLUMNS ? MIN_ROWS - 1 : MIN_ROWS,
              (self->n_tiles + self->columns - 1) / self->columns);
}

static void
layout (MahjongRiverView *self,
        double            width,
        double            height)
{
  double units_w = self->columns * MAHJONG_TILE_ASPECT * (1 + GAP);
  double units_h = n_rows (self) * (1 + ROW_GAP);

  self->tile_h = MAX (MIN (MIN (width / units_w, height / units_h), MAX_TILE_H), 0);
  self->origin_x = (width - units_w * self->tile_h) / 2;
}

static graphene_rect_t
tile_rect (MahjongRiverView *self,
           guint             index)
{
  double h = self->tile_h, w = h * MAHJONG_TILE_ASPECT;

  return GRAPHENE_RECT_INIT (self->origin_x + (index % self->columns) * w * (1 + GAP) + w * GAP / 2,
                             (index / self->columns) * h * (1 + ROW_GAP) + h * ROW_GAP / 2, w, h);
}

static void
mahjong_river_view_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  MahjongRiverView *self = MAHJONG_RIVER_VIEW (widget);

  layout (self, gtk_widget_get_width (widget), gtk_widget_get_height (widget));
  if (self->tile_h < 4)
    return;
  for (guint i = 0; i < self->n_tiles; i++)
    {
      graphene_rect_t rect = tile_rect (self, i);
      MahjongTilePaintFlags flags = 0;

      if (self->claimed[i])
        flags |= MAHJONG_TILE_PAINT_DIMMED;
      if (i + 1 == self->n_tiles && self->highlight_last)
        flags |= MAHJONG_TILE_PAINT_HIGHLIGHT;
      mahjong_tile_paint (snapshot, widget, &rect, self->tiles[i], flags);
    }
}

static void
mahjong_river_view_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  MahjongRiverView *self = MAHJONG_RIVER_VIEW (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = (int) ceil (self->columns * MIN_TILE_H * MAHJONG_TILE_ASPECT * (1 + GAP)) + 1;
      *natural = (int) ceil (self->columns * NAT_TILE_H * MAHJONG_TILE_ASPECT * (1 + GAP)) + 1;
    }
  else
    {
      *minimum = (int) ceil (n_rows (self) * MIN_TILE_H * (1 + ROW_GAP)) + 1;
      *natural = (int) ceil (n_rows (self) * NAT_TILE_H * (1 + ROW_GAP)) + 1;
    }
}

static gboolean
on_query_tooltip (GtkWidget        *widget,
                  int               x,
                  int               y,
                  gboolean          keyboard,
                  GtkTooltip       *tooltip,
                  MahjongRiverView *self)
{
  if (keyboard)
    return FALSE;
  for (guint i = 0; i < self->n_tiles; i++)
    {
      graphene_rect_t rect = tile_rect (self, i);

      if (graphene_rect_contains_point (&rect, &GRAPHENE_POINT_INIT (x, y)))
        {
          g_autofree char *text = describe_discard (self, i);

          gtk_tooltip_set_text (tooltip, text);
          return TRUE;
        }
    }
  return FALSE;
}

static void
mahjong_river_view_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  MahjongRiverView *self = MAHJONG_RIVER_VIEW (object);

  switch (prop_id)
    {
    case PROP_COLUMNS:
      g_value_set_uint (value, self->columns);
      break;
    case PROP_HIGHLIGHT_LAST:
      g_value_set_boolean (value, self->highlight_last);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mahjong_river_view_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  MahjongRiverView *self = MAHJONG_RIVER_VIEW (object);

  switch (prop_id)
    {
    case PROP_COLUMNS:
      mahjong_river_view_set_columns (self, g_value_get_uint (value));
      break;
    case PROP_HIGHLIGHT_LAST:
      mahjong_river_view_set_highlight_last (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mahjong_river_view_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  MahjongRiverView *self = MAHJONG_RIVER_VIEW (widget);

  layout (self, width, height);
  for (guint i = 0; i < self->n_tiles; i++)
    {
      graphene_rect_t rect = tile_rect (self, i);

      parlor_accessible_part_allocate (self->parts[i], &rect);
    }
}

static void
mahjong_river_view_dispose (GObject *object)
{
  MahjongRiverView *self = MAHJONG_RIVER_VIEW (object);

  for (guint i = 0; i < self->n_parts; i++)
    g_clear_pointer (&self->parts[i], gtk_widget_unparent);
  self->n_parts = 0;

  G_OBJECT_CLASS (mahjong_river_view_parent_class)->dispose (object);
}

static void
mahjong_river_view_finalize (GObject *object)
{
  MahjongRiverView *self = MAHJONG_RIVER_VIEW (object);

  g_free (self->owner);

  G_OBJECT_CLASS (mahjong_river_view_parent_class)->finalize (object);
}

static void
mahjong_river_view_class_init (MahjongRiverViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = mahjong_river_view_get_property;
  object_class->set_property = mahjong_river_view_set_property;
  object_class->dispose = mahjong_river_view_dispose;
  object_class->finalize = mahjong_river_view_finalize;
  widget_class->snapshot = mahjong_river_view_snapshot;
  widget_class->measure = mahjong_river_view_measure;
  widget_class->size_allocate = mahjong_river_view_size_allocate;

  properties[PROP_COLUMNS] =
    g_param_spec_uint ("columns", NULL, NULL, 1, MAHJONG_RIVER_MAX, 6,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HIGHLIGHT_LAST] =
    g_param_spec_boolean ("highlight-last", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_LIST);
  gtk_widget_class_set_css_name (widget_class, "mahjong-river");
}

static void
mahjong_river_view_init (MahjongRiverView *self)
{
  self->columns = 6;
  self->highlight_last = TRUE;
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), self);
  update_accessible (self);
}

GtkWidget *
mahjong_river_view_new (void)
{
  return g_object_new (MAHJONG_TYPE_RIVER_VIEW, NULL);
}

void
mahjong_river_view_set_owner (MahjongRiverView *self,
                              const char       *owner_name)
{
  g_return_if_fail (MAHJONG_IS_RIVER_VIEW (self));

  g_free (self->owner);
  self->owner = g_strdup (owner_name);
  update_accessible (self);
}

void
mahjong_river_view_set_discards (MahjongRiverView  *self,
                                 const MahjongTile *tiles,
                                 const gboolean    *claimed,
                                 guint              n_tiles)
{
  guint rows_before;

  g_return_if_fail (MAHJONG_IS_RIVER_VIEW (self));
  g_return_if_fail (tiles != NULL || n_tiles == 0);
  g_return_if_fail (n_tiles <= MAHJONG_RIVER_MAX);

  rows_before = n_rows (self);
  self->n_tiles = n_tiles;
  if (n_tiles > 0)
    memcpy (self->tiles, tiles, n_tiles * sizeof tiles[0]);
  for (guint i = 0; i < n_tiles; i++)
    self->claimed[i] = claimed != NULL && claimed[i];
  update_accessible (self);
  if (n_rows (self) != rows_before)
    gtk_widget_queue_resize (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
mahjong_river_view_get_n_discards (MahjongRiverView *self)
{
  g_return_val_if_fail (MAHJONG_IS_RIVER_VIEW (self), 0);
  return self->n_tiles;
}

gboolean
mahjong_river_view_get_highlight_last (MahjongRiverView *self)
{
  g_return_val_if_fail (MAHJONG_IS_RIVER_VIEW (self), FALSE);
  return self->highlight_last;
}

void
mahjong_river_view_set_highlight_last (MahjongRiverView *self,
                                       gboolean          highlight)
{
  g_return_if_fail (MAHJONG_IS_RIVER_VIEW (self));

  highlight = !!highlight;
  if (self->highlight_last == highlight)
    return;
  self->highlight_last = highlight;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HIGHLIGHT_LAST]);
}

guint
mahjong_river_view_get_columns (MahjongRiverView *self)
{
  g_return_val_if_fail (MAHJONG_IS_RIVER_VIEW (self), 6);
  return self->columns;
}

void
mahjong_river_view_set_columns (MahjongRiverView *self,
                                guint             columns)
{
  g_return_if_fail (MAHJONG_IS_RIVER_VIEW (self));
  g_return_if_fail (columns >= 1);

  if (self->columns == columns)
    return;
  self->columns = columns;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLUMNS]);
}

double
mahjong_river_view_get_tile_height (MahjongRiverView *self)
{
  g_return_val_if_fail (MAHJONG_IS_RIVER_VIEW (self), 0);

  layout (self, gtk_widget_get_width (GTK_WIDGET (self)), gtk_widget_get_height (GTK_WIDGET (self)));
  return self->tile_h;
}
