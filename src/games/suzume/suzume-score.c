/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-suzume"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mahjong-score.h"
#include "mahjong-shape.h"
#include "suzume-score.h"

gboolean
suzume_tile_is_valid (MahjongTile t)
{
  guint kind = suzume_tile_kind (t);

  if ((t & ~(MAHJONG_TILE_RED | 0x3f)) != 0 || kind >= SUZUME_N_KINDS)
    return FALSE;
  if (kind == SUZUME_KIND_C)
    return suzume_tile_is_red (t);
  if (kind == SUZUME_KIND_F)
    return !suzume_tile_is_red (t);
  return TRUE;
}

gboolean
suzume_tile_is_green (MahjongTile t)
{
  guint kind = suzume_tile_kind (t);

  if (kind == SUZUME_KIND_F)
    return TRUE;
  /* the plain 2, 3, 4, 6 and 8 */
  return !suzume_tile_is_red (t) && (kind == 1 || kind == 2 || kind == 3 || kind == 5 || kind == 7);
}

gboolean
suzume_kind_is_terminal (guint kind)
{
  return kind == 0 || kind == 8 || kind == SUZUME_KIND_F || kind == SUZUME_KIND_C;
}

guint
suzume_type_copies (guint type)
{
  return type < 9 ? 3 : type < 18 ? 1 : 4;
}

const char *
suzume_tile_to_string (MahjongTile t,
                       char        buf[3])
{
  guint kind = suzume_tile_kind (t);

  if (!suzume_tile_is_valid (t))
    {
      buf[0] = '?';
      buf[1] = '\0';
    }
  else if (kind >= SUZUME_KIND_F)
    {
      buf[0] = kind == SUZUME_KIND_F ? 'F' : 'C';
      buf[1] = '\0';
    }
  else
    {
      buf[0] = (char) ('1' + kind);
      buf[1] = suzume_tile_is_red (t) ? 'r' : 's';
      buf[2] = '\0';
    }
  return buf;
}

MahjongTile
suzume_tile_from_string (const char *text)
{
  if (text == NULL)
    return MAHJONG_NO_TILE;
  if (g_str_equal (text, "F"))
    return MAHJONG_TILE_GREEN;
  if (g_str_equal (text, "C"))
    return MAHJONG_TILE_RED_DRAGON | MAHJONG_TILE_RED;
  if (text[0] >= '1' && text[0] <= '9' && (text[1] == 's' || text[1] == 'r') && text[2] == '\0')
    return (MahjongTile) ((18 + text[0] - '1') | (text[1] == 'r' ? MAHJONG_TILE_RED : 0));
  return MAHJONG_NO_TILE;
}

char *
suzume_tiles_to_string (const MahjongTile *tiles,
                        guint              n,
                        char               sep)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      char buf[3];

      if (i > 0)
        g_string_append_c (out, sep);
      g_string_append (out, suzume_tile_to_string (tiles[i], buf));
    }
  if (n == 0)
    g_string_append_c (out, '-');
  return g_string_free (out, FALSE);
}

gboolean
suzume_tiles_parse (const char  *text,
                    char         sep,
                    MahjongTile *tiles,
                    guint        max,
                    guint       *n)
{
  char seps[2] = { sep, '\0' };
  g_auto(GStrv) parts = NULL;
  guint count = 0;

  *n = 0;
  if (text == NULL)
    return FALSE;
  if (g_str_equal (text, "-"))
    return TRUE;
  parts = g_strsplit (text, seps, -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      MahjongTile t = suzume_tile_from_string (parts[i]);

      if (t == MAHJONG_NO_TILE || count >= max)
        return FALSE;
      tiles[count++] = t;
    }
  *n = count;
  return TRUE;
}

/* ---- yaku ---- */

static const MahjongScoreLine yaku_table[SUZUME_N_YAKU] = {
  { "Run", "run", 1 },
  { "Triplet", "triplet", 2 },
  { "Dora", "dora", 1 },
  { "Red", "red", 1 },
  { "All Simples", "all-simples", 1 },
  { "Terminals in Every Set", "chanta", 2 },
  { "All Green", "all-green", 10 },
  { "All Terminals", "all-terminals", 15 },
  { "All Red", "all-red", 20 },
};

const char *
suzume_yaku_name (SuzumeYaku yaku)
{
  return mahjong_score_line (yaku_table, SUZUME_N_YAKU, yaku)->name;
}

const char *
suzume_yaku_id (SuzumeYaku yaku)
{
  return mahjong_score_line (yaku_table, SUZUME_N_YAKU, yaku)->id;
}

/* The player's names: a context of their own, as MCR has fans of the same
 * English names. */
static const char * const yaku_labels[SUZUME_N_YAKU] = {
  NC_("suzume yaku", "Run"),
  NC_("suzume yaku", "Triplet"),
  NC_("suzume yaku", "Dora"),
  NC_("suzume yaku", "Red tiles"),
  NC_("suzume yaku", "All Simples"),
  NC_("suzume yaku", "Terminals in Every Set"),
  NC_("suzume yaku", "All Green"),
  NC_("suzume yaku", "All Terminals"),
  NC_("suzume yaku", "All Red"),
};

const char *
suzume_yaku_label (SuzumeYaku yaku)
{
  g_return_val_if_fail (yaku < SUZUME_N_YAKU, NULL);
  return g_dpgettext2 (GETTEXT_PACKAGE, "suzume yaku", yaku_labels[yaku]);
}

SuzumeYaku
suzume_yaku_from_id (const char *id)
{
  return (SuzumeYaku) mahjong_score_line_find (yaku_table, SUZUME_N_YAKU, id);
}

int
suzume_yaku_points (SuzumeYaku yaku)
{
  return mahjong_score_line (yaku_table, SUZUME_N_YAKU, yaku)->points;
}

typedef struct
{
  const guint8 *types;
  guint         indicator_kind;
  SuzumeScore   best;
} SplitData;

static gboolean
on_split (const MahjongGroup *groups,
          guint               n_groups,
          gpointer            user_data)
{
  SplitData *data = user_data;
  const guint8 *types = data->types;
  SuzumeScore s = { TRUE, 0, { 0 } };
  gboolean simples = TRUE, green = TRUE, terminals = TRUE, red = TRUE;
  gboolean chanta = TRUE;
  int yakuman = 0;

  for (guint i = 0; i < n_groups; i++)
    {
      guint kind = suzume_tile_kind (groups[i].tile);

      if (groups[i].type == MAHJONG_GROUP_CHOW)
        {
          s.times[SUZUME_YAKU_RUN]++;
          if (kind != 0 && kind != 6)   /* 1-2-3 and 7-8-9 hold a terminal */
            chanta = FALSE;
        }
      else
        {
          s.times[SUZUME_YAKU_TRIPLET]++;
          if (!suzume_kind_is_terminal (kind))
            chanta = FALSE;
        }
    }

  for (guint type = 0; type < SUZUME_N_TYPES; type++)
    {
      MahjongTile t = suzume_type_tile (type);
      guint kind = suzume_tile_kind (t);
      guint n = types[type];

      if (n == 0)
        continue;
      if (kind == data->indicator_kind)
        s.times[SUZUME_YAKU_DORA] += n;
      if (suzume_tile_is_red (t))
        s.times[SUZUME_YAKU_RED] += n;
      else
        red = FALSE;
      if (kind < 1 || kind > 7)
        simples = FALSE;
      if (!suzume_tile_is_green (t))
        green = FALSE;
      if (!suzume_kind_is_terminal (kind))
        terminals = FALSE;
    }
  s.times[SUZUME_YAKU_ALL_SIMPLES] = simples;
  s.times[SUZUME_YAKU_CHANTA] = chanta;
  s.times[SUZUME_YAKU_ALL_GREEN] = green;
  s.times[SUZUME_YAKU_ALL_TERMINALS] = terminals;
  s.times[SUZUME_YAKU_ALL_RED] = red;
  yakuman = green || terminals || red;
  if (yakuman)
    for (guint y = SUZUME_YAKU_DORA; y <= SUZUME_YAKU_CHANTA; y++)
      s.times[y] = 0;

  for (guint y = 0; y < SUZUME_N_YAKU; y++)
    s.total += s.times[y] * yaku_table[y].points;

  if (!data->best.shape || s.total > data->best.total)
    data->best = s;
  return TRUE;
}

gboolean
suzume_score_types (const guint8 types[SUZUME_N_TYPES],
                    MahjongTile  indicator,
                    SuzumeScore *score)
{
  guint8 counts[MAHJONG_N_KINDS] = { 0 };
  SplitData data = { types, suzume_tile_kind (indicator), { FALSE, 0, { 0 } } };
  guint n = 0;

  g_return_val_if_fail (score != NULL, FALSE);

  for (guint type = 0; type < SUZUME_N_TYPES; type++)
    {
      counts[MAHJONG_TILE_KIND (suzume_type_tile (type))] += types[type];
      n += types[type];
    }
  if (n == SUZUME_HAND_SIZE)
    mahjong_split_enumerate (counts, &mahjong_rules_suzume, -1, on_split, &data);

  *score = data.best;
  return score->shape;
}

gboolean
suzume_score_hand (const MahjongTile *tiles,
                   MahjongTile        indicator,
                   SuzumeScore       *score)
{
  guint8 types[SUZUME_N_TYPES] = { 0 };

  g_return_val_if_fail (tiles != NULL, FALSE);

  for (guint i = 0; i < SUZUME_HAND_SIZE; i++)
    types[suzume_tile_type (tiles[i])]++;
  return suzume_score_types (types, indicator, score);
}

static char *
score_list (const SuzumeScore *score,
            gboolean           names)
{
  GString *out = g_string_new (NULL);

  for (guint y = 0; y < SUZUME_N_YAKU; y++)
    {
      if (score->times[y] == 0)
        continue;
      if (out->len > 0)
        g_string_append_c (out, names ? ';' : ',');
      if (names)
        g_string_append_printf (out, "%s x%u", yaku_table[y].name, score->times[y]);
      else
        g_string_append_printf (out, "%s:%u", yaku_table[y].id, score->times[y]);
    }
  if (out->len == 0)
    g_string_append_c (out, '-');
  return g_string_free (out, FALSE);
}

char *
suzume_score_to_ids (const SuzumeScore *score)
{
  g_return_val_if_fail (score != NULL, NULL);
  return score_list (score, FALSE);
}

char *
suzume_score_to_names (const SuzumeScore *score)
{
  g_return_val_if_fail (score != NULL, NULL);
  return score_list (score, TRUE);
}

static gboolean
is_set (const MahjongTile set[3])
{
  guint k[3] = { suzume_tile_kind (set[0]), suzume_tile_kind (set[1]), suzume_tile_kind (set[2]) };
  guint lo = MIN (k[0], MIN (k[1], k[2])), hi = MAX (k[0], MAX (k[1], k[2]));

  return (k[0] == k[1] && k[1] == k[2]) ||
         (hi < 9 && hi == lo + 2 && k[0] != k[1] && k[1] != k[2] && k[0] != k[2]);
}

static void
sort_set (MahjongTile set[3])
{
  for (guint i = 0; i < 3; i++)
    for (guint j = i + 1; j < 3; j++)
      if (suzume_tile_kind (set[j]) < suzume_tile_kind (set[i]))
        {
          MahjongTile x = set[i];

          set[i] = set[j];
          set[j] = x;
        }
}

gboolean
suzume_hand_sets (const MahjongTile tiles[SUZUME_HAND_SIZE],
                  MahjongTile       sets[2][3])
{
  g_return_val_if_fail (tiles != NULL && sets != NULL, FALSE);

  /* The first tile's set takes two of the other five. */
  for (guint a = 1; a < SUZUME_HAND_SIZE; a++)
    for (guint b = a + 1; b < SUZUME_HAND_SIZE; b++)
      {
        guint m = 0;

        sets[0][0] = tiles[0], sets[0][1] = tiles[a], sets[0][2] = tiles[b];
        for (guint i = 1; i < SUZUME_HAND_SIZE; i++)
          if (i != a && i != b)
            sets[1][m++] = tiles[i];
        if (is_set (sets[0]) && is_set (sets[1]))
          {
            sort_set (sets[0]);
            sort_set (sets[1]);
            return TRUE;
          }
      }
  return FALSE;
}
