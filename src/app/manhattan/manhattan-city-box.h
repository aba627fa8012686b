/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The gap between spots, and around them, as a fraction of a spot's side. */
#define MANHATTAN_SPOT_GAP 0.08

#define MANHATTAN_TYPE_CITY_BOX (manhattan_city_box_get_type ())
G_DECLARE_FINAL_TYPE (ManhattanCityBox, manhattan_city_box, MANHATTAN, CITY_BOX, GtkWidget)

/* A city: a group of nine spots in three rows, on its ground, with its
 * number (@city + 1) in the corner. */
GtkWidget *manhattan_city_box_new (int city);

G_END_DECLS
