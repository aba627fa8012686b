/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-jihai"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "jihai-score.h"
#include "mahjong-score.h"

G_DEFINE_QUARK (jihai-error-quark, jihai_error)

static const char letters[] = "ESWNOGR";

char
jihai_tile_letter (guint tile)
{
  return jihai_tile_is_valid (tile) ? letters[jihai_slot (tile)] : '?';
}

MahjongTile
jihai_tile_from_letter (char c)
{
  const char *p = c != '\0' ? strchr (letters, c) : NULL;

  return p != NULL ? jihai_slot_tile ((guint) (p - letters)) : MAHJONG_NO_TILE;
}

static guint
wall_tile_from_string (const char *text)
{
  return text[0] != '\0' && text[1] == '\0' ? jihai_tile_from_letter (text[0]) : MAHJONG_NO_TILE;
}

static const char *
wall_tile_to_string (guint tile,
                     char  buf[4])
{
  buf[0] = jihai_tile_letter (tile);
  buf[1] = '\0';
  return buf;
}

const MahjongWallRules jihai_wall_rules = {
  MAHJONG_TILE_SET_HONORS, wall_tile_from_string, wall_tile_to_string,
};

char *
jihai_kinds_to_string (guint mask)
{
  GString *out = g_string_new (NULL);

  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    if (mask & (1u << k))
      g_string_append_c (out, letters[k]);
  return g_string_free (out, FALSE);
}

gboolean
jihai_kinds_parse (const char *text,
                   guint      *mask)
{
  guint result = 0;

  g_return_val_if_fail (text != NULL && mask != NULL, FALSE);

  if (!g_str_equal (text, "-"))
    {
      if (*text == '\0')
        return FALSE;
      for (const char *p = text; *p != '\0'; p++)
        {
          MahjongTile tile = jihai_tile_from_letter (*p);

          if (tile == MAHJONG_NO_TILE)
            return FALSE;
          result |= jihai_tile_bit (tile);
        }
    }
  *mask = result;
  return TRUE;
}

/* Meld notation */

/* The notation of each meld a game of honor tiles may hold. */
static const struct
{
  const char *pattern;
  guint8      type;
  guint8      source;
} meld_forms[] = {
  { "XX+X", MAHJONG_MELD_PUNG, MAHJONG_MELD_CLAIMED },
  { "XXX+X", MAHJONG_MELD_KONG, MAHJONG_MELD_CLAIMED },
  { "XXXX", MAHJONG_MELD_KONG, MAHJONG_MELD_CONCEALED },
  { "XX+X+X", MAHJONG_MELD_KONG, MAHJONG_MELD_ADDED },
};

/* The index in meld_forms of @meld, G_N_ELEMENTS (meld_forms) if none. */
static guint
meld_form (const MahjongMeld *meld)
{
  guint i = 0;

  while (i < G_N_ELEMENTS (meld_forms)
         && (meld->type != meld_forms[i].type || meld->source != meld_forms[i].source))
    i++;
  return i;
}

const char *
jihai_meld_format (const MahjongMeld *meld,
                   char               buf[7])
{
  const char *pattern;
  guint form, i = 0;

  g_return_val_if_fail (meld != NULL, "");
  form = meld_form (meld);
  g_return_val_if_fail (form < G_N_ELEMENTS (meld_forms), "");

  pattern = meld_forms[form].pattern;
  for (; pattern[i] != '\0'; i++)
    buf[i] = pattern[i] == 'X' ? jihai_tile_letter (meld->tile) : '+';
  buf[i] = '\0';
  return buf;
}

char *
jihai_melds_to_string (const MahjongMeld *melds,
                       guint              n)
{
  GString *out;

  g_return_val_if_fail (melds != NULL || n == 0, NULL);

  out = g_string_new (NULL);
  for (guint i = 0; i < n; i++)
    {
      char buf[7];

      if (i > 0)
        g_string_append_c (out, ',');
      g_string_append (out, jihai_meld_format (&melds[i], buf));
    }
  if (out->len == 0)
    g_string_append_c (out, '-');
  return g_string_free (out, FALSE);
}

gboolean
jihai_meld_parse (const char  *text,
                  MahjongMeld *meld)
{
  MahjongTile tile;

  g_return_val_if_fail (text != NULL && meld != NULL, FALSE);

  tile = jihai_tile_from_letter (text[0]);
  if (tile == MAHJONG_NO_TILE)
    return FALSE;
  for (guint t = 0; t < G_N_ELEMENTS (meld_forms); t++)
    {
      const char *pattern = meld_forms[t].pattern;
      guint i = 0;

      while (pattern[i] != '\0' && text[i] != '\0'
             && (pattern[i] == 'X' ? jihai_tile_from_letter (text[i]) == tile : text[i] == '+'))
        i++;
      if (pattern[i] == '\0' && text[i] == '\0')
        {
          jihai_meld_init (meld, meld_forms[t].type, meld_forms[t].source, tile);
          return TRUE;
        }
    }
  return FALSE;
}

/* Hands */

gboolean
jihai_hand_check (const JihaiHand *hand,
                  GError         **error)
{
  guint8 all[JIHAI_N_KINDS];
  guint size = 0;

  g_return_val_if_fail (hand != NULL, FALSE);

  memcpy (all, hand->counts, sizeof all);
  if (hand->n_melds > JIHAI_MAX_MELDS)
    {
      g_set_error_literal (error, JIHAI_ERROR, JIHAI_ERROR_IMPOSSIBLE, "more than two melds");
      return FALSE;
    }
  for (guint i = 0; i < hand->n_melds; i++)
    {
      const MahjongMeld *m = &hand->melds[i];

      if (!jihai_tile_is_valid (m->tile) || meld_form (m) == G_N_ELEMENTS (meld_forms))
        {
          g_set_error_literal (error, JIHAI_ERROR, JIHAI_ERROR_IMPOSSIBLE, "bad meld");
          return FALSE;
        }
      all[jihai_slot (m->tile)] += jihai_meld_is_kong (m) ? 4 : 3;
      size += 3;
    }
  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    {
      size += hand->counts[k];
      if (all[k] > 4)
        {
          g_set_error (error, JIHAI_ERROR, JIHAI_ERROR_IMPOSSIBLE,
                       "%u copies of %c (there are 4)", all[k], letters[k]);
          return FALSE;
        }
    }
  if (size != JIHAI_HAND_SIZE)
    {
      g_set_error (error, JIHAI_ERROR, JIHAI_ERROR_IMPOSSIBLE,
                   "%u tiles (a winning hand has 8, a kong counting 3)", size);
      return FALSE;
    }
  if (!jihai_tile_is_valid (hand->win) || hand->counts[jihai_slot (hand->win)] == 0)
    {
      g_set_error_literal (error, JIHAI_ERROR, JIHAI_ERROR_IMPOSSIBLE,
                           "the winning tile is not among the concealed tiles");
      return FALSE;
    }
  return TRUE;
}

gboolean
jihai_hand_parse (const char  *text,
                  JihaiHand   *hand,
                  GError     **error)
{
  g_auto(GStrv) parts = NULL;
  g_auto(GStrv) melds = NULL;
  JihaiHand result;
  const char *concealed, *win;

  g_return_val_if_fail (text != NULL && hand != NULL, FALSE);

  memset (&result, 0, sizeof result);
  parts = g_strsplit (text, "|", -1);
  if (g_strv_length (parts) != 3)
    {
      g_set_error_literal (error, JIHAI_ERROR, JIHAI_ERROR_SYNTAX,
                           "a hand is MELDS | CONCEALED | WINTILE");
      return FALSE;
    }
  for (guint i = 0; i < 3; i++)
    g_strstrip (parts[i]);

  if (!g_str_equal (parts[0], "-"))
    {
      melds = g_strsplit (parts[0], " ", -1);
      for (guint i = 0; melds[i] != NULL; i++)
        {
          MahjongMeld meld;

          if (melds[i][0] == '\0')
            continue;
          if (!jihai_meld_parse (melds[i], &meld))
            {
              g_set_error (error, JIHAI_ERROR, JIHAI_ERROR_SYNTAX,
                           "bad meld “%s” (XX+X, XXX+X, XXXX or XX+X+X)", melds[i]);
              return FALSE;
            }
          if (result.n_melds == JIHAI_MAX_MELDS)
            {
              g_set_error_literal (error, JIHAI_ERROR, JIHAI_ERROR_IMPOSSIBLE,
                                   "more than two melds");
              return FALSE;
            }
          result.melds[result.n_melds++] = meld;
        }
      if (result.n_melds == 0)
        {
          g_set_error_literal (error, JIHAI_ERROR, JIHAI_ERROR_SYNTAX,
                               "no meld: write - for none");
          return FALSE;
        }
    }

  concealed = parts[1];
  if (*concealed == '\0')
    {
      g_set_error_literal (error, JIHAI_ERROR, JIHAI_ERROR_SYNTAX, "no concealed tiles");
      return FALSE;
    }
  for (const char *p = concealed; *p != '\0'; p++)
    {
      MahjongTile tile = jihai_tile_from_letter (*p);
      guint k;

      if (tile == MAHJONG_NO_TILE)
        {
          g_set_error (error, JIHAI_ERROR, JIHAI_ERROR_SYNTAX,
                       "unknown tile “%c” (E S W N O G R)", g_ascii_isprint (*p) ? *p : '?');
          return FALSE;
        }
      k = jihai_slot (tile);
      if (result.counts[k] == 4)
        {
          g_set_error (error, JIHAI_ERROR, JIHAI_ERROR_IMPOSSIBLE,
                       "more than 4 copies of %c", letters[k]);
          return FALSE;
        }
      result.counts[k]++;
    }

  win = parts[2];
  if (strlen (win) != 1 || jihai_tile_from_letter (win[0]) == MAHJONG_NO_TILE)
    {
      g_set_error_literal (error, JIHAI_ERROR, JIHAI_ERROR_SYNTAX,
                           "the winning tile is one letter of E S W N O G R");
      return FALSE;
    }
  result.win = jihai_tile_from_letter (win[0]);

  if (!jihai_hand_check (&result, error))
    return FALSE;
  *hand = result;
  return TRUE;
}

char *
jihai_hand_to_string (const JihaiHand *hand)
{
  GString *out;

  g_return_val_if_fail (hand != NULL, NULL);

  out = g_string_new (NULL);
  if (hand->n_melds == 0)
    g_string_append_c (out, '-');
  for (guint i = 0; i < hand->n_melds; i++)
    {
      char buf[7];

      if (i > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, jihai_meld_format (&hand->melds[i], buf));
    }
  g_string_append (out, " | ");
  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    for (guint n = 0; n < hand->counts[k]; n++)
      g_string_append_c (out, letters[k]);
  g_string_append_printf (out, " | %c", jihai_tile_letter (hand->win));
  return g_string_free (out, FALSE);
}

gboolean
jihai_hand_equal (const JihaiHand *a,
                  const JihaiHand *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (a->n_melds != b->n_melds || a->win != b->win
      || memcmp (a->counts, b->counts, sizeof a->counts) != 0)
    return FALSE;
  for (guint i = 0; i < a->n_melds; i++)
    if (a->melds[i].type != b->melds[i].type || a->melds[i].source != b->melds[i].source
        || a->melds[i].tile != b->melds[i].tile)
      return FALSE;
  return TRUE;
}

/* Flags */

static const char *const flag_names[JIHAI_N_FLAGS] = {
  "heavenly", "earthly", "hand_of_man", "last_draw", "last_discard", "dead_wall_draw",
  "robbing_quad",
};

const char *
jihai_flag_name (guint index)
{
  return index < JIHAI_N_FLAGS ? flag_names[index] : NULL;
}

gboolean
jihai_flags_parse (const char  *text,
                   guint       *flags,
                   GError     **error)
{
  g_auto(GStrv) words = NULL;
  guint result = 0;

  g_return_val_if_fail (text != NULL && flags != NULL, FALSE);

  if (g_str_equal (text, "-"))
    {
      *flags = 0;
      return TRUE;
    }
  words = g_strsplit (text, ",", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *word = g_strstrip (words[i]);
      guint f;

      for (f = 0; f < JIHAI_N_FLAGS; f++)
        if (g_str_equal (word, flag_names[f]))
          break;
      if (f == JIHAI_N_FLAGS)
        {
          g_set_error (error, JIHAI_ERROR, JIHAI_ERROR_SYNTAX, "unknown flag “%s”", word);
          return FALSE;
        }
      result |= 1u << f;
    }
  *flags = result;
  return TRUE;
}

/* Lines */

static const MahjongScoreLine line_table[JIHAI_N_LINES] = {
  { N_("One closed triplet"), "one_closed_triplet", 0 },
  { N_("Two closed triplets"), "two_closed_triplets", 0 },
  { N_("One closed kong"), "one_closed_kong", 0 },
  { N_("Two kongs"), "two_kongs", 0 },
  { N_("Two closed kongs"), "two_closed_kongs", 0 },
  { N_("Three dragons"), "three_dragons", 0 },
  { N_("Two dragons"), "two_dragons", 0 },
  { N_("Three winds"), "three_winds", 0 },
  { N_("Two winds"), "two_winds", 0 },
  { N_("Wind pairs"), "wind_pairs", 0 },
  { N_("Dragon pairs"), "dragon_pairs", 0 },
  { N_("Four pairs"), "four_pairs", 0 },
  { N_("Seven orphans, 7-sided wait"), "seven_orphans_7_sided", 0 },
  { N_("Seven orphans"), "seven_orphans", 0 },
  { N_("Heavenly hand"), "heavenly", 0 },
  { N_("Earthly hand"), "earthly", 0 },
  { N_("Hand of man"), "hand_of_man", 0 },
  { N_("Last draw"), "last_draw", 0 },
  { N_("Last discard"), "last_discard", 0 },
  { N_("Dead wall draw"), "dead_wall_draw", 0 },
  { N_("Robbing a quad"), "robbing_quad", 0 },
};

const char *
jihai_line_name (JihaiLine line)
{
  return mahjong_score_line (line_table, JIHAI_N_LINES, line)->name;
}

const char *
jihai_line_label (JihaiLine line)
{
  return jihai_line_name (line);
}

const char *
jihai_line_id (JihaiLine line)
{
  return mahjong_score_line (line_table, JIHAI_N_LINES, line)->id;
}

JihaiLine
jihai_line_from_id (const char *id)
{
  return (JihaiLine) mahjong_score_line_find (line_table, JIHAI_N_LINES, id);
}

const char *
jihai_status_name (JihaiStatus status)
{
  switch (status)
    {
    case JIHAI_STATUS_WIN: return "win";
    case JIHAI_STATUS_ZERO_POINTS: return "zero_points";
    case JIHAI_STATUS_ILLEGAL_RON: return "illegal_ron";
    case JIHAI_STATUS_NO_SHAPE: return "no_shape";
    default: g_return_val_if_reached ("");
    }
}

/* Shapes and scores */

JihaiShape
jihai_hand_shape (const JihaiHand *hand)
{
  guint n2 = 0, n3 = 0, n1 = 0, nother = 0;

  g_return_val_if_fail (hand != NULL, JIHAI_SHAPE_NONE);

  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    switch (hand->counts[k])
      {
      case 0: break;
      case 1: n1++; break;
      case 2: n2++; break;
      case 3: n3++; break;
      default: nother++; break;
      }
  if (nother > 0)
    return JIHAI_SHAPE_NONE;
  /* Four of a kind never form a set unless declared, nor two pairs. */
  if (n1 == 0 && n2 == 1 && n3 + hand->n_melds == 2)
    return JIHAI_SHAPE_A;
  if (hand->n_melds == 0 && n1 == 0 && n3 == 0 && n2 == 4)
    return JIHAI_SHAPE_B;
  if (hand->n_melds == 0 && n1 == 6 && n2 == 1)
    return JIHAI_SHAPE_C;
  return JIHAI_SHAPE_NONE;
}

static void
score_shape_a (const JihaiHand *hand,
               guint8           points[JIHAI_N_LINES])
{
  guint closed_triplets = 0, closed_kongs = 0, kongs = 0;
  guint set_winds = 0, set_dragons = 0;
  gboolean all_winds = TRUE, all_dragons = TRUE;

  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    {
      if (hand->counts[k] == 0)
        continue;
      if (hand->counts[k] == 3)
        {
          closed_triplets++;
          set_winds += jihai_tile_is_wind (jihai_slot_tile (k));
          set_dragons += jihai_tile_is_dragon (jihai_slot_tile (k));
        }
      all_winds = all_winds && jihai_tile_is_wind (jihai_slot_tile (k));
      all_dragons = all_dragons && jihai_tile_is_dragon (jihai_slot_tile (k));
    }
  for (guint i = 0; i < hand->n_melds; i++)
    {
      const MahjongMeld *m = &hand->melds[i];

      kongs += jihai_meld_is_kong (m);
      closed_kongs += jihai_meld_is_kong (m) && m->source == MAHJONG_MELD_CONCEALED;
      set_winds += jihai_tile_is_wind (m->tile);
      set_dragons += jihai_tile_is_dragon (m->tile);
      all_winds = all_winds && jihai_tile_is_wind (m->tile);
      all_dragons = all_dragons && jihai_tile_is_dragon (m->tile);
    }

  if (closed_triplets == 2)
    points[JIHAI_LINE_TWO_CLOSED_TRIPLETS] = 3;
  else if (closed_triplets == 1)
    points[JIHAI_LINE_ONE_CLOSED_TRIPLET] = 1;
  if (closed_kongs == 2)
    points[JIHAI_LINE_TWO_CLOSED_KONGS] = 5;
  else
    {
      if (closed_kongs == 1)
        points[JIHAI_LINE_ONE_CLOSED_KONG] = 2;
      if (kongs == 2)
        points[JIHAI_LINE_TWO_KONGS] = 3;
    }

  if (all_dragons)
    points[JIHAI_LINE_THREE_DRAGONS] = 4;
  else if (set_dragons == 2)
    points[JIHAI_LINE_TWO_DRAGONS] = 3;
  if (all_winds)
    points[JIHAI_LINE_THREE_WINDS] = 3;
  else if (set_winds == 2)
    points[JIHAI_LINE_TWO_WINDS] = 2;
}

void
jihai_score (const JihaiHand *hand,
             JihaiWinWay      way,
             guint            flags,
             guint            discarded,
             JihaiScore      *score)
{
  g_return_if_fail (hand != NULL && score != NULL);

  memset (score, 0, sizeof *score);
  score->shape = jihai_hand_shape (hand);
  switch (score->shape)
    {
    case JIHAI_SHAPE_NONE:
      score->status = JIHAI_STATUS_NO_SHAPE;
      return;
    case JIHAI_SHAPE_A:
      score_shape_a (hand, score->points);
      break;
    case JIHAI_SHAPE_B:
      {
        guint winds = 0, dragons = 0;

        for (guint k = 0; k < JIHAI_N_KINDS; k++)
          if (hand->counts[k] == 2)
            {
              winds += jihai_tile_is_wind (jihai_slot_tile (k));
              dragons += jihai_tile_is_dragon (jihai_slot_tile (k));
            }
        if (winds == 4)
          score->points[JIHAI_LINE_WIND_PAIRS] = 3;
        else if (dragons == 3)
          score->points[JIHAI_LINE_DRAGON_PAIRS] = 3;
        else
          score->points[JIHAI_LINE_FOUR_PAIRS] = 1;
      }
      break;
    case JIHAI_SHAPE_C:
      /* The pair is the winning kind: the seven held before were all different. */
      if (hand->counts[jihai_slot (hand->win)] == 2)
        score->points[JIHAI_LINE_SEVEN_ORPHANS_7_SIDED] =
          way == JIHAI_WIN_TSUMO && (discarded & jihai_tile_bit (hand->win)) ? 2 : 3;
      else
        score->points[JIHAI_LINE_SEVEN_ORPHANS] = 1;
      break;
    default:
      g_assert_not_reached ();
    }

  for (guint f = 0; f < JIHAI_N_FLAGS; f++)
    if (flags & (1u << f))
      {
        static const guint8 bonus[JIHAI_N_FLAGS] = { 4, 2, 2, 1, 1, 1, 1 };

        score->points[JIHAI_LINE_HEAVENLY + f] = bonus[f];
      }

  for (guint i = 0; i < JIHAI_N_LINES; i++)
    score->total += score->points[i];

  if (way == JIHAI_WIN_RON && (discarded & jihai_tile_bit (hand->win)))
    score->status = JIHAI_STATUS_ILLEGAL_RON;
  else if (score->total < 1)
    score->status = JIHAI_STATUS_ZERO_POINTS;
  else
    score->status = JIHAI_STATUS_WIN;
  score->can_win = score->status == JIHAI_STATUS_WIN;
}

static gboolean
context_error (GError     **error,
               const char  *message)
{
  g_set_error_literal (error, JIHAI_ERROR, JIHAI_ERROR_IMPOSSIBLE, message);
  return FALSE;
}

gboolean
jihai_check_context (const JihaiHand *hand,
                     JihaiWinWay      way,
                     guint            flags,
                     guint            discarded,
                     GError         **error)
{
  const guint tsumo_only = JIHAI_FLAG_HEAVENLY | JIHAI_FLAG_EARTHLY | JIHAI_FLAG_LAST_DRAW
                           | JIHAI_FLAG_DEAD_WALL_DRAW;
  const guint ron_only = JIHAI_FLAG_HAND_OF_MAN | JIHAI_FLAG_LAST_DISCARD | JIHAI_FLAG_ROBBING_QUAD;
  const guint first = JIHAI_FLAG_HEAVENLY | JIHAI_FLAG_EARTHLY | JIHAI_FLAG_HAND_OF_MAN;
  guint kongs = 0;

  g_return_val_if_fail (hand != NULL, FALSE);

  if (!jihai_hand_check (hand, error))
    return FALSE;
  if (way == JIHAI_WIN_RON && (flags & tsumo_only))
    return context_error (error, "heavenly, earthly, last_draw and dead_wall_draw need a tsumo");
  if (way == JIHAI_WIN_TSUMO && (flags & ron_only))
    return context_error (error, "hand_of_man, last_discard and robbing_quad need a ron");
  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    {
      guint held = hand->counts[k];

      for (guint i = 0; i < hand->n_melds; i++)
        if (hand->melds[i].tile == jihai_slot_tile (k))
          held += jihai_meld_is_kong (&hand->melds[i]) ? 4 : 3;
      /* A discarded copy is a fifth tile when the hand holds all four. */
      if ((discarded & (1u << k)) && held >= 4)
        return context_error (error, "a discarded kind of which the hand holds all four copies");
    }
  for (guint i = 0; i < hand->n_melds; i++)
    kongs += jihai_meld_is_kong (&hand->melds[i]);
  if ((flags & first) && (hand->n_melds > 0 || discarded != 0))
    return context_error (error, "a first-draw or first-discard win comes before any call or discard");
  if ((flags & JIHAI_FLAG_HEAVENLY) && (flags & JIHAI_FLAG_EARTHLY))
    return context_error (error, "a hand cannot be both heavenly and earthly");
  if ((flags & (JIHAI_FLAG_HEAVENLY | JIHAI_FLAG_EARTHLY)) && (flags & JIHAI_FLAG_LAST_DRAW))
    return context_error (error, "the first draw is not the last tile of the wall");
  if ((flags & JIHAI_FLAG_HAND_OF_MAN) && (flags & JIHAI_FLAG_LAST_DISCARD))
    return context_error (error, "the first discard is not the last one");
  if ((flags & JIHAI_FLAG_DEAD_WALL_DRAW) && kongs == 0)
    return context_error (error, "dead_wall_draw needs a kong");
  if ((flags & JIHAI_FLAG_HAND_OF_MAN) && (flags & JIHAI_FLAG_ROBBING_QUAD))
    return context_error (error, "robbing a quad is not a discard");
  if ((flags & JIHAI_FLAG_LAST_DISCARD) && (flags & JIHAI_FLAG_ROBBING_QUAD))
    return context_error (error, "robbing a quad is not a discard");
  if (flags & JIHAI_FLAG_ROBBING_QUAD)
    {
      gboolean in_meld = FALSE;

      for (guint i = 0; i < hand->n_melds; i++)
        in_meld = in_meld || hand->melds[i].tile == hand->win;
      /* The other three of the robbed kind are in the opponent's kong. */
      if (hand->counts[jihai_slot (hand->win)] != 1 || in_meld
          || (discarded & jihai_tile_bit (hand->win)))
        return context_error (error, "robbing_quad: the other three tiles of that kind are in "
                                     "the opponent's kong");
    }
  return TRUE;
}

char *
jihai_score_lines_to_string (const JihaiScore *score)
{
  GString *out;

  g_return_val_if_fail (score != NULL, NULL);

  out = g_string_new (NULL);
  for (guint i = 0; i < JIHAI_N_LINES; i++)
    if (score->points[i] > 0)
      g_string_append_printf (out, "%s%s=%u", out->len > 0 ? ";" : "",
                              line_table[i].name, score->points[i]);
  if (out->len == 0)
    g_string_append_c (out, '-');
  return g_string_free (out, FALSE);
}
