/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "fuzz-notation"

#include "config.h"

#include <string.h>

#include "jihai-score.h"
#include "mahjong-tile.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

/* The hand notations (MCR's and honor-tile mahjong's): no crash, and what a
 * parser accepts prints and re-reads as the same hand (no input read two ways). */
int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_auto(GStrv) fields = NULL;
  MahjongHand mcr;
  JihaiHand jihai;
  guint flags, kinds;

  if (mahjong_hand_parse (text, &mcr, NULL))
    {
      g_autofree char *printed = mahjong_hand_to_string (&mcr);
      MahjongHand again;
      g_autofree char *reprinted = NULL;

      g_assert_true (mahjong_hand_parse (printed, &again, NULL));
      g_assert_true (mahjong_hand_equal (&mcr, &again));
      reprinted = mahjong_hand_to_string (&again);
      g_assert_cmpstr (printed, ==, reprinted);
    }

  /* a whole `jihai score` line: HAND<TAB>WIN<TAB>FLAGS<TAB>DISCARDED */
  fields = g_strsplit (text, "\t", 4);
  if (fields[0] == NULL)
    return 0;
  if (jihai_hand_parse (fields[0], &jihai, NULL))
    {
      g_autofree char *printed = jihai_hand_to_string (&jihai);
      JihaiHand again;
      g_autofree char *reprinted = NULL;
      JihaiScore score;

      g_assert_true (jihai_hand_parse (printed, &again, NULL));
      g_assert_true (jihai_hand_equal (&jihai, &again));
      reprinted = jihai_hand_to_string (&again);
      g_assert_cmpstr (printed, ==, reprinted);

      flags = 0;
      kinds = 0;
      if (fields[1] != NULL && fields[2] != NULL && fields[3] != NULL)
        {
          jihai_flags_parse (fields[2], &flags, NULL);
          jihai_kinds_parse (fields[3], &kinds);
        }
      for (guint way = 0; way < 2; way++)
        {
          jihai_check_context (&jihai, (JihaiWinWay) way, flags, kinds, NULL);
          jihai_score (&jihai, (JihaiWinWay) way, flags, kinds, &score);
          g_assert_true (score.can_win == (score.status == JIHAI_STATUS_WIN));
          g_assert_true ((score.shape == JIHAI_SHAPE_NONE) == (score.status == JIHAI_STATUS_NO_SHAPE));
        }
    }
  else
    {
      flags = kinds = 0;
      jihai_flags_parse (fields[0], &flags, NULL);
      jihai_kinds_parse (fields[0], &kinds);
      g_assert_cmpuint (flags >> JIHAI_N_FLAGS, ==, 0);
      g_assert_cmpuint (kinds >> JIHAI_N_KINDS, ==, 0);
    }

  return 0;
}
