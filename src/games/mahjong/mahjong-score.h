/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A line of a game's scoring table: its name (in English), its id in event
 * lines and its points (0 where the game reckons them otherwise). */
typedef struct
{
  const char *name;
  const char *id;
  int         points;
} MahjongScoreLine;

/* Line @i of the @n of @table; an empty line ("" and 0 points) past its end. */
const MahjongScoreLine *mahjong_score_line      (const MahjongScoreLine *table,
                                                 guint                   n,
                                                 guint                   i);
/* The index of the line of @id in @table, or @n if none has it. */
guint                   mahjong_score_line_find (const MahjongScoreLine *table,
                                                 guint                   n,
                                                 const char             *id);

G_END_DECLS
