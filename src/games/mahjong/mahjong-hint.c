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

static void
add_ready (GString  *notes,
           gboolean  after_discard)
{
  add_line (notes, after_discard ? _("After this discard your hand is ready. It waits on:")
                                 : _("Your hand is ready. It waits on:"));
}

static void
add_wait (GString    *notes,
          const char *tile,
          guint       unseen,
          const char *outcome)
{
  g_autofree char *text = NULL;

  /* Translators: a wait: the tile, how many of it are unseen, what a win on it brings. */
  text = g_strdup_printf (ngettext ("%s (%u unseen): %s", "%s (%u unseen): %s", unseen),
                          tile, unseen, outcome);
  add_line (notes, text);
}

static void
add_not_ready (GString  *notes,
               gboolean  after_discard,
               int       shanten)
{
  g_autofree char *text = NULL;

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

static void
add_win (GString    *notes,
         const char *outcome)
{
  g_autofree char *text = NULL;

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


/* Notes every wait of @hand, or how far it is from ready. */
static void
add_waits (GString           *notes,
           gboolean           after_discard,
           const MahjongHint *hint,
           gpointer           hand)
{
  gboolean ready = FALSE;
  int distance;

  for (guint k = 0; k < hint->n_kinds; k++)
    {
      g_autofree char *name = NULL;
      guint unseen = 0;
      g_autofree char *result = hint->wait (hand, k, &name, &unseen);

      if (result == NULL)
        continue;
      if (!ready)
        add_ready (notes, after_discard);
      ready = TRUE;
      add_wait (notes, name, unseen, result);
    }
  if (ready)
    return;
  distance = hint->shanten (hand);
  if (distance >= 1)
    add_not_ready (notes, after_discard, distance);
}

/* A view and an action line, as the game reads them. */
typedef struct
{
  ParlorLine        *line;
  gpointer           hand;
  MahjongHintAction  action;
} Reading;

static void
reading_clear (Reading *r)
{
  g_clear_pointer (&r->line, parlor_line_free);
  g_clear_pointer (&r->hand, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Reading, reading_clear)

/* FALSE if the game cannot read @view or @action. */
static gboolean
read_hand (const MahjongHint *hint,
           const char        *view,
           const char        *action,
           Reading           *r)
{
  if (view == NULL || action == NULL || (r->line = parlor_line_parse (action, NULL)) == NULL)
    return FALSE;
  r->hand = g_malloc0 (hint->hand_size);
  r->action.line = r->line;
  r->action.tile = MAHJONG_NO_TILE;
  return hint->read (r->hand, view, &r->action);
}

char *
mahjong_hint_notes (const MahjongHint *hint,
                    const char        *view,
                    const char        *action)
{
  g_autoptr(GString) notes = g_string_new (NULL);
  g_auto(Reading) r = { 0 };
  g_autofree char *win = NULL;

  g_return_val_if_fail (hint != NULL, NULL);
  g_return_val_if_fail (view != NULL, NULL);

  if (!read_hand (hint, view, action, &r))
    return NULL;
  switch (r.action.move)
    {
    case MAHJONG_HINT_WIN_DRAWN:
    case MAHJONG_HINT_WIN_DISCARD:
    case MAHJONG_HINT_ROB_KONG:
      if ((win = hint->win (r.hand, r.action.move)) != NULL)
        add_win (notes, win);
      break;
    case MAHJONG_HINT_DISCARD:
      if (r.action.tile != MAHJONG_NO_TILE && hint->hold (r.hand, r.action.tile))
        add_waits (notes, TRUE, hint, r.hand);
      break;
    case MAHJONG_HINT_PASS:
    case MAHJONG_HINT_PUNG:
    case MAHJONG_HINT_CHOW:
    case MAHJONG_HINT_KONG:
    case MAHJONG_HINT_CONCEALED_KONG:
    case MAHJONG_HINT_ADDED_KONG:
    default:
      if (hint->hold (r.hand, MAHJONG_NO_TILE))
        add_waits (notes, FALSE, hint, r.hand);
    }
  if (notes->len == 0)
    return NULL;
  return g_string_free (g_steal_pointer (&notes), FALSE);
}

char *
mahjong_hint_describe (const MahjongHint *hint,
                       const char        *view,
                       const char        *action)
{
  g_auto(Reading) r = { 0 };
  g_autofree char *name = NULL;

  g_return_val_if_fail (hint != NULL, NULL);

  if (!read_hand (hint, view, action, &r))
    return NULL;
  if (r.action.tile != MAHJONG_NO_TILE)
    name = mahjong_tile_name (r.action.tile);
  return mahjong_hint_move_words (r.action.move, name);
}
