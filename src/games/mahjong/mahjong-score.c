/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-mahjong"

#include "config.h"

#include "mahjong-score.h"

const MahjongScoreLine *
mahjong_score_line (const MahjongScoreLine *table,
                    guint                   n,
                    guint                   i)
{
  static const MahjongScoreLine none = { "", "", 0 };

  g_return_val_if_fail (table != NULL && i < n, &none);
  return &table[i];
}

guint
mahjong_score_line_find (const MahjongScoreLine *table,
                         guint                   n,
                         const char             *id)
{
  for (guint i = 0; id != NULL && i < n; i++)
    if (g_str_equal (table[i].id, id))
      return i;
  return n;
}
