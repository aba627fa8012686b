/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "fuzz-view"

#include "config.h"

#include "jihai-game.h"
#include "jihai-view.h"
#include "mahjong-wall.h"
#include "manhattan-view.h"
#include "mcr-game.h"
#include "mcr-rules.h"
#include "mcr-view.h"
#include "suzume-game.h"
#include "suzume-rules.h"
#include "suzume-view.h"
#include "triad-view.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

/* A hint's notes and words on a view the game read: every kind of move,
 * with tiles it may hold or not. None is an empty line. */
static void
hint_on (const ParlorGameInfo *info,
         const char           *view)
{
  static const char * const actions[] = {
    "tsumo", "ron", "hu", "pass", "pung", "chow tile=1m", "kong tile=E", "ckong tile=5p",
    "akong tile=9s", "discard E", "discard 5s", "discard 5sr", "discard tile=5p", "discard",
  };

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      g_autofree char *notes = info->hint_notes (view, actions[i]);
      g_autofree char *words = info->describe_move (view, actions[i]);

      g_assert_true (notes == NULL || notes[0] != '\0');
      g_assert_true (words == NULL || words[0] != '\0');
    }
}

/* What a guest reads from its host: each game's view line, and the walls a
 * replay holds. Input: byte 0 picks the reader, the rest is the text. No
 * crash, and a refusal always says why. */
int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  static const MahjongWallRules *walls[] = { &jihai_wall_rules, &suzume_wall_rules, &mcr_wall_rules };
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  gboolean ok = FALSE;

  if (size == 0)
    return 0;
  text = g_strndup ((const char *) data + 1, size - 1);
  switch (data[0] % 8)
    {
    case 0:
      {
        ManhattanView view;

        ok = manhattan_view_parse (text, &view, &error);
        if (ok)
          g_ptr_array_unref (manhattan_view_legal_actions (&view));
        break;
      }
    case 1:
      {
        TriadView view;

        ok = triad_view_parse (text, &view, &error);
        if (ok)
          {
            g_autofree char *line = triad_view_to_line (&view);
            TriadView again;

            g_assert_true (triad_view_parse (line, &again, NULL));
          }
        break;
      }
    case 2:
      {
        JihaiView view;

        ok = jihai_view_parse (text, &view, &error);
        if (ok)
          hint_on (&jihai_game_info, text);
        break;
      }
    case 3:
      {
        SuzumeView view;

        ok = suzume_view_parse (text, &view, &error);
        if (ok)
          hint_on (&suzume_game_info, text);
        break;
      }
    case 4:
      {
        McrView view;

        ok = mcr_view_parse (text, &view, &error);
        if (ok)
          hint_on (&mcr_game_info, text);
        break;
      }
    default:
      {
        MahjongWall wall;

        ok = mahjong_wall_from_string (text, walls[data[0] % 8 - 5], &wall, &error);
        if (ok)
          {
            g_autofree char *printed = mahjong_wall_to_string (&wall, walls[data[0] % 8 - 5]);
            MahjongWall again;

            g_assert_true (mahjong_wall_from_string (printed, walls[data[0] % 8 - 5], &again, NULL));
          }
        break;
      }
    }
  g_assert_true (ok == (error == NULL));
  return 0;
}
