/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mahjong-hint"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mahjong-hint.h"
#include "mahjong-tile.h"

static void
add_line (GString    *notes,
          const char *text)
{
  if (notes->len > 0)
    g_string_append_c (notes, '\n');
  g_string_append (notes, text);
}

void
mahjong_hint_add_ready (GString  *notes,
                        gboolean  after_discard)
{
  g_return_if_fail (notes != NULL);
  add_line (notes, after_discard ? _("After this discard your hand is ready. It waits on:")
                                 : _("Your hand is ready. It waits on:"));
}

void
mahjong_hint_add_wait (GString    *notes,
                       const char *tile,
                       guint       unseen,
                       const char *outcome)
{
  g_autofree char *text = NULL;

  g_return_if_fail (notes != NULL && tile != NULL && outcome != NULL);
  /* Translators: a wait: the tile, how many of it are unseen, what a win on it brings. */
  text = g_strdup_printf (ngettext ("%s (%u unseen): %s", "%s (%u unseen): %s", unseen),
                          tile, unseen, outcome);
  add_line (notes, text);
}

void
mahjong_hint_add_not_ready (GString  *notes,
                            gboolean  after_discard,
                            int       shanten)
{
  g_autofree char *text = NULL;

  g_return_if_fail (notes != NULL);
  if (after_discard)
    text = g_strdup_printf (ngettext ("After this discard your hand is not ready: "
                                      "it needs %d more useful tile to be ready",
                                      "After this discard your hand is not ready: "
                                      "it needs %d more useful tiles to be ready", shanten),
                            shanten);
  else
    text = g_strdup_printf (ngettext ("Your hand is not ready: it needs %d more useful tile to be ready",
                                      "Your hand is not ready: it needs %d more useful tiles to be ready",
                                      shanten),
                            shanten);
  add_line (notes, text);
}

void
mahjong_hint_add_win (GString    *notes,
                      const char *outcome)
{
  g_autofree char *text = NULL;

  g_return_if_fail (notes != NULL && outcome != NULL);
  text = g_strdup_printf (_("This hand wins now: %s"), outcome);
  add_line (notes, text);
}

char *
mahjong_hint_score_words (gboolean          fan,
                          int               total,
                          const guint8     *times,
                          guint             n_elements,
                          MahjongHintLabel  label)
{
  g_autoptr(GString) lines = g_string_new (NULL);

  g_return_val_if_fail (times != NULL && label != NULL, NULL);
  for (guint e = 0; e < n_elements; e++)
    {
      if (times[e] == 0)
        continue;
      if (lines->len > 0)
        g_string_append (lines, _(", "));
      g_string_append (lines, label (e));
      if (times[e] > 1)
        g_string_append_printf (lines, " ×%u", times[e]);
    }
  if (fan)
    return g_strdup_printf (ngettext ("%d fan (%s)", "%d fan (%s)", total), total, lines->str);
  return g_strdup_printf (ngettext ("%d point (%s)", "%d points (%s)", total), total, lines->str);
}

char *
mahjong_hint_move_words (MahjongHintMove  move,
                         const char      *tile)
{
  const char *name = tile != NULL ? tile : "?";

  switch (move)
    {
    case MAHJONG_HINT_DISCARD:
      return g_strdup_printf (_("Discard %s"), name);
    case MAHJONG_HINT_WIN_DRAWN:
      return g_strdup (_("Win on the drawn tile"));
    case MAHJONG_HINT_WIN_DISCARD:
      return g_strdup (_("Win on the discard"));
    case MAHJONG_HINT_ROB_KONG:
      return g_strdup (_("Win by robbing the kong"));
    case MAHJONG_HINT_PASS:
      return g_strdup (_("Pass"));
    case MAHJONG_HINT_PUNG:
      return g_strdup (_("Call pung"));
    case MAHJONG_HINT_CHOW:
      return g_strdup_printf (_("Call chow: the run from %s"), name);
    case MAHJONG_HINT_KONG:
      return g_strdup (_("Call kong"));
    case MAHJONG_HINT_CONCEALED_KONG:
      return g_strdup_printf (_("Declare a concealed kong of %s"), name);
    case MAHJONG_HINT_ADDED_KONG:
      return g_strdup_printf (_("Add %s to your pung"), name);
    default:
      g_return_val_if_reached (NULL);
    }
}

static const struct
{
  const char      *type;
  MahjongHintMove  move;
} type_moves[] = {
  { "discard", MAHJONG_HINT_DISCARD },
  { "tsumo", MAHJONG_HINT_WIN_DRAWN },
  { "pass", MAHJONG_HINT_PASS },
  { "pung", MAHJONG_HINT_PUNG },
  { "chow", MAHJONG_HINT_CHOW },
  { "kong", MAHJONG_HINT_KONG },
  { "ckong", MAHJONG_HINT_CONCEALED_KONG },
  { "akong", MAHJONG_HINT_ADDED_KONG },
};

gboolean
mahjong_hint_move_of_type (const char      *type,
                           MahjongHintMove  ron,
                           MahjongHintMove *move)
{
  g_return_val_if_fail (type != NULL && move != NULL, FALSE);

  if (g_str_equal (type, "ron"))
    {
      *move = ron;
      return TRUE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (type_moves); i++)
    if (g_str_equal (type, type_moves[i].type))
      {
        *move = type_moves[i].move;
        return TRUE;
      }
  return FALSE;
}

char *
mahjong_hint_finish (GString *notes)
{
  g_return_val_if_fail (notes != NULL, NULL);
  if (notes->len == 0)
    {
      g_string_free (notes, TRUE);
      return NULL;
    }
  return g_string_free (notes, FALSE);
}

void
mahjong_hint_add_waits (GString            *notes,
                        gboolean            after_discard,
                        guint               n_kinds,
                        MahjongHintWait     wait,
                        MahjongHintShanten  shanten,
                        gpointer            hand)
{
  gboolean ready = FALSE;
  int distance;

  for (guint k = 0; k < n_kinds; k++)
    {
      g_autofree char *name = NULL;
      guint unseen = 0;
      g_autofree char *result = wait (hand, k, &name, &unseen);

      if (result == NULL)
        continue;
      if (!ready)
        mahjong_hint_add_ready (notes, after_discard);
      ready = TRUE;
      mahjong_hint_add_wait (notes, name, unseen, result);
    }
  if (ready)
    return;
  distance = shanten (hand);
  if (distance >= 1)
    mahjong_hint_add_not_ready (notes, after_discard, distance);
}

char *
mahjong_hint_notes (const MahjongHint *hint,
                    const char        *view,
                    const char        *action)
{
  g_autoptr(ParlorLine) line = NULL;
  GString *notes;

  g_return_val_if_fail (hint != NULL, NULL);
  g_return_val_if_fail (view != NULL, NULL);

  notes = g_string_new (NULL);
  if (action != NULL && (line = parlor_line_parse (action, NULL)) != NULL)
    hint->notes (notes, view, line);
  return mahjong_hint_finish (notes);
}

char *
mahjong_hint_describe (const MahjongHint *hint,
                       const char        *view,
                       const char        *action)
{
  g_autoptr(ParlorLine) line = parlor_line_parse (action, NULL);
  g_autofree char *name = NULL;
  MahjongHintMove move;
  guint tile = MAHJONG_NO_TILE;

  g_return_val_if_fail (hint != NULL, NULL);

  if (line == NULL || !hint->read_move (view, line, &move, &tile))
    return NULL;
  if (tile != MAHJONG_NO_TILE)
    name = mahjong_tile_name (tile);
  return mahjong_hint_move_words (move, name);
}
