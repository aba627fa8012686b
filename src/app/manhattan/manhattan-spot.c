/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "manhattan-spot"

#include "config.h"

#include "manhattan-spot.h"

struct _ManhattanSpot
{
  GtkButton              parent_instance;

  int                    city;
  int                    position;
  ManhattanSpotDrawFunc  draw;
  gpointer               data;
};

G_DEFINE_FINAL_TYPE (ManhattanSpot, manhattan_spot, GTK_TYPE_BUTTON)

static void
manhattan_spot_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  ManhattanSpot *self = MANHATTAN_SPOT (widget);

  if (self->draw != NULL)
    self->draw (widget, snapshot, self->data);
}

static void
manhattan_spot_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  *minimum = 1;
  *natural = 40;
}

static void
manhattan_spot_class_init (ManhattanSpotClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = manhattan_spot_snapshot;
  widget_class->measure = manhattan_spot_measure;
  gtk_widget_class_set_css_name (widget_class, "manhattan-spot");
}

static void
manhattan_spot_init (ManhattanSpot *self)
{
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
}

GtkWidget *
manhattan_spot_new (int                   city,
                    int                   position,
                    ManhattanSpotDrawFunc draw,
                    gpointer              data)
{
  ManhattanSpot *self = g_object_new (MANHATTAN_TYPE_SPOT, NULL);

  self->city = city;
  self->position = position;
  self->draw = draw;
  self->data = data;
  return GTK_WIDGET (self);
}

int
manhattan_spot_get_city (ManhattanSpot *self)
{
  g_return_val_if_fail (MANHATTAN_IS_SPOT (self), 0);
  return self->city;
}

int
manhattan_spot_get_position (ManhattanSpot *self)
{
  g_return_val_if_fail (MANHATTAN_IS_SPOT (self), 0);
  return self->position;
}
