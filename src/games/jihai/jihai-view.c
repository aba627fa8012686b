/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-jihai"

#include "config.h"

#include <string.h>

#include "jihai-view.h"
#include "parlor-game.h"
#include "parlor-line.h"

static const char *const ask_names[] = { "none", "turn", "claim", "rob" };

static char *
tiles_string (const MahjongTile *tiles,
              guint              n)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_c (out, jihai_tile_letter (tiles[i]));
  if (out->len == 0)
    g_string_append_c (out, '-');
  return g_string_free (out, FALSE);
}

static char *
options_string (const JihaiOptions *o)
{
  static const char *const names[] = { "discard", "tsumo", "ron", "pung", "kong", "pass" };
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (o->can & (1u << i))
      g_string_append_printf (out, "%s%s", out->len > 0 ? "," : "", names[i]);
  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    if (o->ckong & (1u << k))
      g_string_append_printf (out, "%sckong:%c", out->len > 0 ? "," : "",
                              jihai_tile_letter (jihai_slot_tile (k)));
  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    if (o->akong & (1u << k))
      g_string_append_printf (out, "%sakong:%c", out->len > 0 ? "," : "",
                              jihai_tile_letter (jihai_slot_tile (k)));
  if (out->len == 0)
    g_string_append_c (out, '-');
  return g_string_free (out, FALSE);
}

char *
jihai_view_to_line (const JihaiView *view)
{
  g_autoptr(ParlorLine) line = parlor_line_new ("view");
  MahjongTile mine[JIHAI_HAND_SIZE + 4];
  guint n = 0;
  g_autofree char *tiles = NULL;
  g_autofree char *options = NULL;
  g_autoptr(GError) error = NULL;
  char *text;

  g_return_val_if_fail (view != NULL, NULL);

  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    for (guint c = 0; c < view->counts[k] && n < G_N_ELEMENTS (mine); c++)
      mine[n++] = jihai_slot_tile (k);
  tiles = tiles_string (mine, n);
  options = options_string (&view->options);

  parlor_line_set_int (line, "seat", view->seat);
  parlor_line_set_int (line, "hand", view->hand_no);
  parlor_line_set_int (line, "starter", view->starter);
  parlor_line_set_int (line, "turn", view->turn);
  parlor_line_set (line, "ask", ask_names[view->ask]);
  parlor_line_set_int (line, "score0", view->score[0]);
  parlor_line_set_int (line, "score1", view->score[1]);
  parlor_line_set_int (line, "wall", view->wall);
  parlor_line_set (line, "tiles", view->seat >= 0 ? tiles : "-");
  parlor_line_set_printf (line, "drawn", "%c",
                          jihai_tile_is_valid (view->drawn) ? jihai_tile_letter (view->drawn)
                                                            : '-');
  for (guint s = 0; s < 2; s++)
    {
      g_autofree char *key_c = g_strdup_printf ("concealed%u", s);
      g_autofree char *key_m = g_strdup_printf ("melds%u", s);
      g_autofree char *key_d = g_strdup_printf ("discards%u", s);
      g_autofree char *key_k = g_strdup_printf ("discarded%u", s);
      g_autofree char *melds = jihai_melds_to_string (view->melds[s], view->n_melds[s]);
      g_autofree char *row = tiles_string (view->discards[s], view->n_discards[s]);
      g_autofree char *kinds = jihai_kinds_to_string (view->discarded[s]);

      parlor_line_set_int (line, key_c, view->n_concealed[s]);
      parlor_line_set (line, key_m, melds);
      parlor_line_set (line, key_d, row);
      parlor_line_set (line, key_k, *kinds != '\0' ? kinds : "-");
    }
  parlor_line_set_printf (line, "claim", "%c",
                          jihai_tile_is_valid (view->claim) ? jihai_tile_letter (view->claim)
                                                            : '-');
  parlor_line_set (line, "actions", options);
  parlor_line_set_int (line, "over", view->over ? 1 : 0);

  text = parlor_line_to_string (line, &error);
  /* Twenty-eight tiles print in a few hundred bytes, far below the limit. */
  if (text == NULL)
    g_error ("A honor-tile mahjong view cannot be printed: %s", error->message);

  return text;
}

static gboolean
fail (GError    **error,
      const char *key)
{
  g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
               "bad or missing “%s” in a honor-tile mahjong view", key);
  return FALSE;
}

static gboolean
parse_tile_or_none (const char  *text,
                    MahjongTile *out)
{
  if (text == NULL)
    return FALSE;
  if (g_str_equal (text, "-"))
    {
      *out = MAHJONG_NO_TILE;
      return TRUE;
    }
  if (strlen (text) != 1 || jihai_tile_from_letter (text[0]) == MAHJONG_NO_TILE)
    return FALSE;
  *out = jihai_tile_from_letter (text[0]);
  return TRUE;
}

static gboolean
parse_row (const char  *text,
           MahjongTile *out,
           guint8      *n)
{
  if (text == NULL)
    return FALSE;
  *n = 0;
  if (g_str_equal (text, "-"))
    return TRUE;
  for (const char *p = text; *p != '\0'; p++)
    {
      MahjongTile tile = jihai_tile_from_letter (*p);

      if (tile == MAHJONG_NO_TILE || *n >= JIHAI_ROW_MAX)
        return FALSE;
      out[(*n)++] = tile;
    }
  return TRUE;
}

gboolean
jihai_view_asked (const JihaiView *view)
{
  g_autoptr(GPtrArray) actions = NULL;

  if (view->seat < 0 || view->ask == JIHAI_ASK_NONE)
    return FALSE;
  /* A damaged view may offer a discard with no tile held. */
  actions = jihai_options_to_actions (&view->options, view->counts);
  return actions->len > 0;
}

gboolean
jihai_view_parse (const char  *text,
                  JihaiView   *view,
                  GError     **error)
{
  g_autoptr(ParlorLine) line = NULL;
  JihaiView v;
  gint64 value;
  const char *s;

  g_return_val_if_fail (text != NULL && view != NULL, FALSE);

  memset (&v, 0, sizeof v);
  line = parlor_line_parse (text, error);
  if (line == NULL)
    return FALSE;
  if (!g_str_equal (parlor_line_get_type (line), "view"))
    return fail (error, "view");
#define GET_INT(key, lo, hi, dest) \
  if (!parlor_line_get_int (line, key, lo, hi, &value, NULL)) \
    return fail (error, key); \
  dest = value;
  GET_INT ("seat", -1, 1, v.seat);
  GET_INT ("hand", 0, G_MAXINT, v.hand_no);
  GET_INT ("starter", 0, 1, v.starter);
  GET_INT ("turn", -1, 1, v.turn);
  GET_INT ("score0", -1000, 1000, v.score[0]);
  GET_INT ("score1", -1000, 1000, v.score[1]);
  GET_INT ("wall", 0, JIHAI_N_TILES, v.wall);
  GET_INT ("concealed0", 0, JIHAI_HAND_SIZE, v.n_concealed[0]);
  GET_INT ("concealed1", 0, JIHAI_HAND_SIZE, v.n_concealed[1]);
  GET_INT ("over", 0, 1, v.over);
#undef GET_INT

  s = parlor_line_get (line, "ask");
  v.ask = JIHAI_ASK_NONE;
  for (guint i = 0; s != NULL && i < G_N_ELEMENTS (ask_names); i++)
    if (g_str_equal (s, ask_names[i]))
      {
        v.ask = (JihaiAsk) i;
        s = NULL;
        break;
      }
  if (s != NULL || !parlor_line_has (line, "ask"))
    return fail (error, "ask");

  {
    MahjongTile row[JIHAI_ROW_MAX];
    guint8 n;

    if (!parse_row (parlor_line_get (line, "tiles"), row, &n) || n > JIHAI_HAND_SIZE)
      return fail (error, "tiles");
    for (guint i = 0; i < n; i++)
      if (++v.counts[jihai_slot (row[i])] > 4)
        return fail (error, "tiles");
  }
  if (!parse_tile_or_none (parlor_line_get (line, "drawn"), &v.drawn))
    return fail (error, "drawn");
  if (!parse_tile_or_none (parlor_line_get (line, "claim"), &v.claim))
    return fail (error, "claim");

  for (guint seat = 0; seat < 2; seat++)
    {
      g_autofree char *key_m = g_strdup_printf ("melds%u", seat);
      g_autofree char *key_d = g_strdup_printf ("discards%u", seat);
      g_autofree char *key_k = g_strdup_printf ("discarded%u", seat);
      const char *melds = parlor_line_get (line, key_m);
      const char *kinds = parlor_line_get (line, key_k);

      if (melds == NULL)
        return fail (error, key_m);
      if (!g_str_equal (melds, "-"))
        {
          g_auto(GStrv) parts = g_strsplit (melds, ",", -1);

          for (guint i = 0; parts[i] != NULL; i++)
            {
              if (v.n_melds[seat] == JIHAI_MAX_MELDS
                  || !jihai_meld_parse (parts[i], &v.melds[seat][v.n_melds[seat]]))
                return fail (error, key_m);
              v.n_melds[seat]++;
            }
        }
      if (!parse_row (parlor_line_get (line, key_d), v.discards[seat], &v.n_discards[seat]))
        return fail (error, key_d);
      if (kinds == NULL || !jihai_kinds_parse (kinds, &v.discarded[seat]))
        return fail (error, key_k);
    }

  s = parlor_line_get (line, "actions");
  if (s == NULL)
    return fail (error, "actions");
  if (!g_str_equal (s, "-"))
    {
      g_auto(GStrv) parts = g_strsplit (s, ",", -1);

      for (guint i = 0; parts[i] != NULL; i++)
        {
          static const char *const names[] = { "discard", "tsumo", "ron", "pung", "kong", "pass" };
          const char *p = parts[i];
          guint j;

          for (j = 0; j < G_N_ELEMENTS (names); j++)
            if (g_str_equal (p, names[j]))
              break;
          if (j < G_N_ELEMENTS (names))
            v.options.can |= 1u << j;
          else if ((g_str_has_prefix (p, "ckong:") || g_str_has_prefix (p, "akong:"))
                   && strlen (p) == 7 && jihai_tile_from_letter (p[6]) != MAHJONG_NO_TILE)
            {
              guint bit = jihai_tile_bit (jihai_tile_from_letter (p[6]));

              if (p[0] == 'c')
                v.options.ckong |= bit;
              else
                v.options.akong |= bit;
            }
          else
            return fail (error, "actions");
        }
    }

  *view = v;
  return TRUE;
}

GPtrArray *
jihai_options_to_actions (const JihaiOptions *o,
                          const guint8        counts[JIHAI_N_KINDS])
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (o != NULL && counts != NULL, out);

  if (o->can & JIHAI_CAN_TSUMO)
    g_ptr_array_add (out, g_strdup ("tsumo"));
  if (o->can & JIHAI_CAN_RON)
    g_ptr_array_add (out, g_strdup ("ron"));
  if (o->can & JIHAI_CAN_PUNG)
    g_ptr_array_add (out, g_strdup ("pung"));
  if (o->can & JIHAI_CAN_KONG)
    g_ptr_array_add (out, g_strdup ("kong"));
  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    if (o->ckong & (1u << k))
      g_ptr_array_add (out, g_strdup_printf ("ckong %c", jihai_tile_letter (jihai_slot_tile (k))));
  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    if (o->akong & (1u << k))
      g_ptr_array_add (out, g_strdup_printf ("akong %c", jihai_tile_letter (jihai_slot_tile (k))));
  if (o->can & JIHAI_CAN_DISCARD)
    for (guint k = 0; k < JIHAI_N_KINDS; k++)
      if (counts[k] > 0)
        g_ptr_array_add (out, g_strdup_printf ("discard %c",
                                               jihai_tile_letter (jihai_slot_tile (k))));
  if (o->can & JIHAI_CAN_PASS)
    g_ptr_array_add (out, g_strdup ("pass"));
  return out;
}

gboolean
jihai_ron_barred (const JihaiView *view,
                  MahjongTile      tile)
{
  JihaiHand hand = { 0 };
  JihaiScore score;
  int seat;

  g_return_val_if_fail (view != NULL, FALSE);

  seat = view->seat;
  if (seat < 0 || seat > 1 || !jihai_tile_is_valid (tile)
      || !(view->discarded[seat] & jihai_tile_bit (tile)))
    return FALSE;
  hand.n_melds = view->n_melds[seat];
  memcpy (hand.melds, view->melds[seat], sizeof hand.melds);
  memcpy (hand.counts, view->counts, sizeof hand.counts);
  if (hand.counts[jihai_slot (tile)] >= 4)
    return FALSE;
  hand.counts[jihai_slot (tile)]++;
  hand.win = tile;
  if (jihai_hand_shape (&hand) == JIHAI_SHAPE_NONE)
    return FALSE;
  jihai_score (&hand, JIHAI_WIN_RON, 0, view->discarded[seat], &score);
  return score.status == JIHAI_STATUS_ILLEGAL_RON;
}
