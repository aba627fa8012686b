/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "manhattan-city"

#include "config.h"

#include <math.h>

#include "manhattan-city-box.h"
#include "parlor-draw.h"

struct _ManhattanCityBox
{
  GtkWidget parent_instance;

  int       city;
};

G_DEFINE_FINAL_TYPE (ManhattanCityBox, manhattan_city_box, GTK_TYPE_WIDGET)

static void
manhattan_city_box_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  double s = MIN (width, height) / (3 + 4 * MANHATTAN_SPOT_GAP);
  int i = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child), i++)
    {
      double x = MANHATTAN_SPOT_GAP * s + (i % 3) * (1 + MANHATTAN_SPOT_GAP) * s;
      double y = MANHATTAN_SPOT_GAP * s + (i / 3) * (1 + MANHATTAN_SPOT_GAP) * s;
      int x0 = (int) round (x), y0 = (int) round (y);

      gtk_widget_size_allocate (child,
                                &(GtkAllocation) { x0, y0, (int) round (x + s) - x0, (int) round (y + s) - y0 },
                                -1);
    }
}

static void
manhattan_city_box_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int m, n;

      gtk_widget_measure (child, orientation, -1, &m, &n, NULL, NULL);
    }
  *minimum = 30;
  *natural = 150;
}

static void
manhattan_city_box_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  ManhattanCityBox *city = MANHATTAN_CITY_BOX (widget);
  double w = gtk_widget_get_width (widget);
  double h = gtk_widget_get_height (widget);
  double s = MIN (w, h) / (3 + 4 * MANHATTAN_SPOT_GAP);
  graphene_rect_t area = GRAPHENE_RECT_INIT (0, 0, (3 + 4 * MANHATTAN_SPOT_GAP) * s, (3 + 4 * MANHATTAN_SPOT_GAP) * s);
  g_autofree char *number = g_strdup_printf ("%d", city->city + 1);
  GdkRGBA fg, city_bg, faint;
  gboolean dark;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  dark = (fg.red + fg.green + fg.blue) > 1.5;
  city_bg = fg;
  city_bg.alpha = dark ? 0.06 : 0.05;
  parlor_draw_fill (snapshot, &area, s * 0.15, &city_bg);

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_snapshot_child (widget, child, snapshot);

  /* The number on top, in the gap at the city's corner. */
  faint = fg;
  faint.alpha = 0.6;
  parlor_draw_text (snapshot, widget, number, s * 0.03, s * 0.03, MAX (9, s * 0.2), TRUE, &faint);
}

static void
manhattan_city_box_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (manhattan_city_box_parent_class)->dispose (object);
}

static void
manhattan_city_box_class_init (ManhattanCityBoxClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = manhattan_city_box_dispose;
  widget_class->size_allocate = manhattan_city_box_size_allocate;
  widget_class->measure = manhattan_city_box_measure;
  widget_class->snapshot = manhattan_city_box_snapshot;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_set_css_name (widget_class, "manhattan-city");
}

static void
manhattan_city_box_init (ManhattanCityBox *self)
{
}

GtkWidget *
manhattan_city_box_new (int city)
{
  ManhattanCityBox *self = g_object_new (MANHATTAN_TYPE_CITY_BOX, NULL);

  self->city = city;
  return GTK_WIDGET (self);
}
