/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MANHATTAN_TYPE_SPOT (manhattan_spot_get_type ())
G_DECLARE_FINAL_TYPE (ManhattanSpot, manhattan_spot, MANHATTAN, SPOT, GtkButton)

typedef void (*ManhattanSpotDrawFunc) (GtkWidget   *spot,
                                       GtkSnapshot *snapshot,
                                       gpointer     data);

/*
 * One spot of a city: a button, named and described by its board, that
 * draws the building standing on it with @draw (the board's, which owns
 * @data and outlives the spot). @position is screen row * 3 + column.
 */
GtkWidget *manhattan_spot_new          (int                    city,
                                        int                    position,
                                        ManhattanSpotDrawFunc  draw,
                                        gpointer               data);
int        manhattan_spot_get_city     (ManhattanSpot         *self);
int        manhattan_spot_get_position (ManhattanSpot         *self);

G_END_DECLS
