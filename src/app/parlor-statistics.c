/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-statistics"

#include "config.h"

#include <glib/gi18n.h>

#include "parlor-app-games.h"
#include "parlor-games.h"
#include "parlor-recorder.h"
#include "parlor-replay-viewer.h"
#include "parlor-setup.h"
#include "parlor-statistics.h"
#include "parlor-window.h"

struct _ParlorStatistics
{
  AdwWindow       parent_instance;

  AdwComboRow    *game_row;
  AdwComboRow    *strength_row;
  GtkLabel       *notice_label;
  GtkBox         *figures_box;
  GtkWidget      *reset_button;
  AdwViewStack   *view_stack;
  GtkStack       *games_stack;
  GtkListBox     *games_list;

  GArray         *strengths;      /* int, as listed in strength_row */
  GHashTable     *values;         /* "key/assisted/who" → GtkLabel (not owned) */
  GPtrArray      *past_games;     /* ParlorRecordEntry, as games_list lists them */
  gboolean        filling;
  /* The records are read in a worker thread: the window never waits. */
  GCancellable   *cancellable;
  guint           loads;          /* started, to tell the last one */
  gboolean        loading;
  guint           retry_id;       /* reads again while games wait */
  gboolean        retrying;
  guint           shown_pending;  /* games waiting, as last shown */
  gboolean        shown_busy;
};

G_DEFINE_FINAL_TYPE (ParlorStatistics, parlor_statistics, ADW_TYPE_WINDOW)

/* Seconds between reads while the records are busy or games wait for them. */
#define RETRY_SECONDS 2
#define N_PAST_GAMES 50

/* What one read of the records found, for the game and strength shown. */
typedef struct
{
  char                *game_id;
  int                  strength;
  gboolean             reset;           /* forget the game's records first */
  gboolean             retry;           /* only to see whether the wait is over */
  gboolean             usable;          /* read and not from a newer Parlor */
  gboolean             busy;            /* another program holds them */
  char                *notice;          /* words about the records, or NULL */
  GArray              *strengths;
  gboolean             have[2];         /* figures without/with help */
  ParlorRecordFigures  you[2];
  ParlorRecordFigures  them[2];
  GPtrArray           *your_fans[2];
  GPtrArray           *their_fans[2];
  GPtrArray           *past_games;
  guint                n_pending;
} Load;

static void
load_free (gpointer data)
{
  Load *load = data;

  g_free (load->game_id);
  g_free (load->notice);
  g_clear_pointer (&load->strengths, g_array_unref);
  for (guint i = 0; i < 2; i++)
    {
      g_clear_pointer (&load->your_fans[i], g_ptr_array_unref);
      g_clear_pointer (&load->their_fans[i], g_ptr_array_unref);
    }
  g_clear_pointer (&load->past_games, g_ptr_array_unref);
  g_free (load);
}

static void load_records (ParlorStatistics *self,
                          int               strength,
                          gboolean          reset);

static const ParlorAppGame *
selected_game (ParlorStatistics *self)
{
  const ParlorAppGame * const *games = parlor_app_games_list ();
  guint i = adw_combo_row_get_selected (self->game_row);

  for (guint n = 0; games[n] != NULL; n++)
    if (n == i)
      return games[n];
  return games[0];
}

static gboolean
is_mahjong (const char *game_id)
{
  return g_str_equal (game_id, "jihai") || g_str_equal (game_id, "suzume") ||
         g_str_equal (game_id, "mcr");
}

static const char *
fan_label (const char *game_id,
           const char *name)
{
  const ParlorGameInfo *info = parlor_games_lookup (game_id);
  const char *label = info != NULL && info->score_label != NULL ? info->score_label (name) : NULL;

  return label != NULL ? label : name;
}

static char *
value_key (const char       *key,
           gboolean          assisted,
           ParlorRecordsWho  who)
{
  return g_strdup_printf ("%s/%d/%d", key, assisted ? 1 : 0, (int) who);
}

static GtkWidget *
value_label (const char *text,
             const char *who,
             const char *title)
{
  GtkWidget *label = gtk_label_new (text);
  /* TRANSLATORS: a figure for screen readers: who, what, the value ("You, Games won: 3") */
  g_autofree char *spoken = g_strdup_printf (_("%s, %s: %s"), who, title, text);

  gtk_label_set_width_chars (GTK_LABEL (label), 11);
  gtk_label_set_xalign (GTK_LABEL (label), 1.0);
  gtk_widget_add_css_class (label, "numeric");
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
  return label;
}

/* A row: @title, then your figure and the computer players'. */
static void
add_row (ParlorStatistics *self,
         GtkWidget        *group,
         const char       *key,
         gboolean          assisted,
         const char       *title,
         const char       *you,
         const char       *computers)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label;

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  label = value_label (you, _("You"), title);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  g_hash_table_insert (self->values, value_key (key, assisted, PARLOR_RECORDS_YOU), label);
  label = value_label (computers, _("Computer players"), title);
  gtk_widget_add_css_class (label, "dim-label");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  g_hash_table_insert (self->values, value_key (key, assisted, PARLOR_RECORDS_COMPUTERS), label);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
}

static GtkWidget *
new_group (const char *title,
           const char *description)
{
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *heads = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *you = gtk_label_new (_("You"));
  GtkWidget *them = gtk_label_new (_("Computers"));

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  if (description != NULL)
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);
  gtk_label_set_width_chars (GTK_LABEL (you), 11);
  gtk_label_set_xalign (GTK_LABEL (you), 1.0);
  gtk_label_set_width_chars (GTK_LABEL (them), 11);
  gtk_label_set_xalign (GTK_LABEL (them), 1.0);
  gtk_widget_add_css_class (you, "heading");
  gtk_widget_add_css_class (them, "heading");
  /* The rows' labels say whose figure each is to screen readers. */
  gtk_accessible_update_state (GTK_ACCESSIBLE (heads), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  gtk_widget_set_margin_end (heads, 12);
  gtk_box_append (GTK_BOX (heads), you);
  gtk_box_append (GTK_BOX (heads), them);
  adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (group), heads);
  return group;
}

static char *
count_text (guint n,
            guint of)
{
  if (of == 0)
    return g_strdup ("—");
  /* TRANSLATORS: a count and its share, "3 (25%)" */
  return g_strdup_printf (_("%u (%.0f%%)"), n, 100.0 * n / of);
}

static char *
rate_text (guint n,
           guint of)
{
  if (of == 0)
    return g_strdup ("—");
  /* TRANSLATORS: a rate in percent */
  return g_strdup_printf (_("%.1f%%"), 100.0 * n / of);
}

static char *
mean_text (double mean,
           guint  n)
{
  return n == 0 ? g_strdup ("—") : g_strdup_printf ("%.1f", mean);
}

static char *
best_text (int   best,
           guint n)
{
  return n == 0 ? g_strdup ("—") : g_strdup_printf ("%d", best);
}

typedef char *(*FigureText) (const ParlorRecordFigures *f);

#define FIGURE(name, expr) \
  static char *name (const ParlorRecordFigures *f) { return expr; }
FIGURE (played_text, g_strdup_printf ("%u", f->played))
FIGURE (won_text, count_text (f->won, f->played))
FIGURE (drawn_text, count_text (f->drawn, f->played))
FIGURE (lost_text, count_text (f->lost, f->played))
FIGURE (best_score_text, best_text (f->best_score, f->played))
FIGURE (mean_score_text, mean_text (f->mean_score, f->played))
FIGURE (best_rank_text, best_text (f->best_rank, f->played))
FIGURE (mean_rank_text, f->played == 0 ? g_strdup ("—") : g_strdup_printf ("%.2f", f->mean_rank))
FIGURE (hands_text, g_strdup_printf ("%u", f->hands))
FIGURE (win_rate_text, rate_text (f->wins, f->hands))
FIGURE (self_draw_text, rate_text (f->self_drawn, f->wins))
FIGURE (deal_in_text, rate_text (f->deal_ins, f->hands))
FIGURE (claim_text, rate_text (f->claimed, f->hands))
FIGURE (points_text, mean_text (f->mean_points, f->wins))
#undef FIGURE

static void
add_fans (ParlorStatistics *self,
          const char       *game_id,
          gboolean          assisted,
          GPtrArray        *yours,
          GPtrArray        *theirs,
          guint             your_wins,
          guint             their_wins)
{
  g_autoptr(GHashTable) their_counts = g_hash_table_new (g_str_hash, g_str_equal);
  GtkWidget *group;

  if (yours == NULL || theirs == NULL)
    return;
  if (yours->len == 0 && theirs->len == 0)
    return;
  group = new_group (g_str_equal (game_id, "mcr") ? _("Fan Scored")
                     : g_str_equal (game_id, "suzume") ? _("Yaku Scored")
                     : _("Scoring Lines"),
                     _("How many of the wins had each"));
  for (guint i = 0; i < theirs->len; i++)
    {
      ParlorRecordFan *fan = g_ptr_array_index (theirs, i);

      g_hash_table_insert (their_counts, fan->name, fan);
    }
  /* Yours first, most often first; then the computers' others. */
  for (guint pass = 0; pass < 2; pass++)
    {
      GPtrArray *list = pass == 0 ? yours : theirs;

      for (guint i = 0; i < list->len; i++)
        {
          ParlorRecordFan *fan = g_ptr_array_index (list, i);
          ParlorRecordFan *mine = NULL, *their = g_hash_table_lookup (their_counts, fan->name);
          g_autofree char *key = g_strconcat ("fan:", fan->name, NULL);
          g_autofree char *you = NULL, *them = NULL;

          if (pass == 1)
            {
              gboolean seen = FALSE;

              for (guint j = 0; j < yours->len && !seen; j++)
                seen = g_str_equal (((ParlorRecordFan *) g_ptr_array_index (yours, j))->name,
                                    fan->name);
              if (seen)
                continue;
            }
          else
            mine = fan;
          you = count_text (mine != NULL ? mine->count : 0, your_wins);
          them = count_text (their != NULL ? their->count : 0, their_wins);
          add_row (self, group, key, assisted, fan_label (game_id, fan->name), you, them);
        }
    }
  gtk_box_append (self->figures_box, group);
}

/* Figures for the games with or without help; FALSE if there are none. */
static gboolean
add_section (ParlorStatistics *self,
             Load             *load,
             gboolean          assisted)
{
  static const struct {
    const char *key;
    const char *title;
    FigureText  text;
    gboolean    mahjong;
  } figures[] = {
    { "played", N_("Games played"), played_text, FALSE },
    { "won", N_("Won"), won_text, FALSE },
    { "drawn", N_("Drawn"), drawn_text, FALSE },
    { "lost", N_("Lost"), lost_text, FALSE },
    { "best-score", N_("Best score"), best_score_text, FALSE },
    { "mean-score", N_("Average score"), mean_score_text, FALSE },
    { "best-rank", N_("Best rank"), best_rank_text, FALSE },
    { "mean-rank", N_("Average rank"), mean_rank_text, FALSE },
    { "hands", N_("Hands played"), hands_text, TRUE },
    { "win-rate", N_("Win rate"), win_rate_text, TRUE },
    { "self-draw-rate", N_("Wins by self-draw"), self_draw_text, TRUE },
    { "deal-in-rate", N_("Deal-in rate"), deal_in_text, TRUE },
    { "claim-rate", N_("Hands with a claim"), claim_text, TRUE },
    { "mean-points", NULL, points_text, TRUE },
  };
  const char *game_id = load->game_id;
  ParlorRecordFigures you = load->you[assisted], them = load->them[assisted];
  GtkWidget *group;
  gboolean mahjong = is_mahjong (game_id);

  if (!load->have[assisted] || (assisted && you.played == 0))
    return FALSE;

  group = new_group (assisted ? _("With Help") : _("Without Help"),
                     assisted ? _("Games in which you took a hint or undid a move")
                              : NULL);
  for (guint i = 0; i < G_N_ELEMENTS (figures); i++)
    {
      g_autofree char *a = NULL, *b = NULL;
      const char *title;

      if (figures[i].mahjong && !mahjong)
        continue;
      title = figures[i].title != NULL ? _(figures[i].title)
              : g_str_equal (game_id, "mcr") ? _("Average fan") : _("Average points");
      a = figures[i].text (&you);
      b = figures[i].text (&them);
      add_row (self, group, figures[i].key, assisted, title, a, b);
    }
  gtk_box_append (self->figures_box, group);
  if (mahjong && load->your_fans[assisted] != NULL && load->their_fans[assisted] != NULL)
    add_fans (self, game_id, assisted, load->your_fans[assisted], load->their_fans[assisted],
              you.wins, them.wins);
  return TRUE;
}

static void
clear_figures (ParlorStatistics *self)
{
  GtkWidget *child;

  g_hash_table_remove_all (self->values);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->figures_box))) != NULL)
    gtk_box_remove (self->figures_box, child);
}

static void
fill_figures (ParlorStatistics *self,
              Load             *load)
{
  clear_figures (self);
  if (!load->usable)
    return;
  add_section (self, load, FALSE);
  add_section (self, load, TRUE);
}

/* The strengths this game was played at, and All; @strength stays chosen. */
static void
fill_strengths (ParlorStatistics *self,
                Load             *load)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  int any = PARLOR_RECORDS_ANY_STRENGTH;
  guint selected = 0;

  g_array_set_size (self->strengths, 0);
  g_array_append_val (self->strengths, any);
  gtk_string_list_append (list, C_("strength", "All"));
  for (guint i = 0; load->strengths != NULL && i < load->strengths->len; i++)
    {
      int s = g_array_index (load->strengths, int, i);

      if (s == load->strength)
        selected = self->strengths->len;
      g_array_append_val (self->strengths, s);
      gtk_string_list_append (list, s == PARLOR_RECORD_LAN ? _("LAN games")
                                    : parlor_strength_get_label ((guint) MAX (s, 0)));
    }
  self->filling = TRUE;
  adw_combo_row_set_model (self->strength_row, G_LIST_MODEL (list));
  adw_combo_row_set_selected (self->strength_row, selected);
  self->filling = FALSE;
}

static int
selected_strength (ParlorStatistics *self)
{
  guint i = adw_combo_row_get_selected (self->strength_row);

  if (i != GTK_INVALID_LIST_POSITION && i < self->strengths->len)
    return g_array_index (self->strengths, int, i);
  return PARLOR_RECORDS_ANY_STRENGTH;
}

static void
on_game_selected (ParlorStatistics *self)
{
  const ParlorAppGame *game = selected_game (self);
  g_autofree char *reset = g_strdup_printf (_("Reset statistics for %s"), _(game->info->name));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->reset_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, reset, -1);
  if (!self->filling)
    load_records (self, PARLOR_RECORDS_ANY_STRENGTH, FALSE);
}

static void
on_strength_selected (ParlorStatistics *self)
{
  if (!self->filling)
    load_records (self, selected_strength (self), FALSE);
}

static void fill_past_games (ParlorStatistics *self,
                             Load             *load);

static void
load_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancellable)
{
  Load *load = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorRecords) records = parlor_records_open (NULL, &error);

  load->n_pending = parlor_recorder_count_pending ();
  if (records == NULL)
    {
      load->busy = g_error_matches (error, PARLOR_RECORDS_ERROR, PARLOR_RECORDS_ERROR_BUSY);
      load->notice = g_strdup (error->message);
      g_task_return_boolean (task, TRUE);
      return;
    }
  load->notice = g_strdup (parlor_records_get_notice (records));
  if (parlor_records_is_newer (records))
    {
      g_task_return_boolean (task, TRUE);
      return;
    }
  if (load->reset && !parlor_records_reset (records, load->game_id, &error))
    goto out;
  load->strengths = parlor_records_list_strengths (records, load->game_id, &error);
  if (load->strengths == NULL)
    goto out;
  for (guint a = 0; a < 2; a++)
    {
      if (!parlor_records_get_figures (records, load->game_id, load->strength, a,
                                       PARLOR_RECORDS_YOU, &load->you[a], &error) ||
          !parlor_records_get_figures (records, load->game_id, load->strength, a,
                                       PARLOR_RECORDS_COMPUTERS, &load->them[a], &error))
        goto out;
      load->have[a] = TRUE;
      if (!is_mahjong (load->game_id))
        continue;
      load->your_fans[a] = parlor_records_get_fans (records, load->game_id, load->strength, a,
                                                    PARLOR_RECORDS_YOU, &error);
      if (load->your_fans[a] == NULL)
        goto out;
      load->their_fans[a] = parlor_records_get_fans (records, load->game_id, load->strength, a,
                                                     PARLOR_RECORDS_COMPUTERS, &error);
      if (load->their_fans[a] == NULL)
        goto out;
    }
  load->past_games = parlor_records_list (records, NULL, N_PAST_GAMES, &error);

out:
  load->usable = error == NULL;
  if (error != NULL)
    {
      load->busy = g_error_matches (error, PARLOR_RECORDS_ERROR, PARLOR_RECORDS_ERROR_BUSY);
      g_free (load->notice);
      load->notice = g_strdup (error->message);
    }
  g_task_return_boolean (task, TRUE);
}

static gboolean
on_retry (gpointer data)
{
  ParlorStatistics *self = data;

  self->retry_id = 0;
  self->retrying = TRUE;
  load_records (self, selected_strength (self), FALSE);
  self->retrying = FALSE;
  return G_SOURCE_REMOVE;
}

static void
show_notice (ParlorStatistics *self,
             Load             *load)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (load->busy)
    g_string_append (text, _("Your records are in use by another program: "
                             "they are shown once it lets them go"));
  else if (load->notice != NULL)
    g_string_append (text, load->notice);
  if (load->n_pending > 0)
    {
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                                 "%u finished game is waiting to be recorded",
                                                 "%u finished games are waiting to be recorded",
                                                 load->n_pending),
                              load->n_pending);
    }
  gtk_label_set_text (self->notice_label, text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->notice_label), text->len > 0);
}

static void
on_loaded (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  ParlorStatistics *self = data;
  Load *load = g_task_get_task_data (G_TASK (result));
  guint number = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (result), "number"));

  if (!g_task_propagate_boolean (G_TASK (result), NULL) || number != self->loads)
    {
      g_object_unref (self);
      return;
    }
  self->loading = FALSE;
  show_notice (self, load);
  gtk_widget_set_sensitive (self->reset_button, load->usable);
  /* Busy: what was shown stays until the records can be read; a look
   * whether the wait is over changes nothing else while it is not. */
  if ((load->usable || !load->busy) &&
      !(load->retry && load->busy == self->shown_busy && load->n_pending == self->shown_pending))
    {
      fill_strengths (self, load);
      fill_figures (self, load);
      fill_past_games (self, load);
    }
  self->shown_busy = load->busy;
  self->shown_pending = load->n_pending;
  if ((load->busy || load->n_pending > 0) && self->retry_id == 0)
    self->retry_id = g_timeout_add_seconds (RETRY_SECONDS, on_retry, self);
  g_object_unref (self);
}

/* Reads the shown game's figures (at @strength) and the past games. */
static void
load_records (ParlorStatistics *self,
              int               strength,
              gboolean          reset)
{
  g_autoptr(GTask) task = NULL;
  Load *load = g_new0 (Load, 1);

  load->game_id = g_strdup (selected_game (self)->info->id);
  load->strength = strength;
  load->reset = reset;
  load->retry = self->retrying;
  self->loading = TRUE;
  task = g_task_new (NULL, self->cancellable, on_loaded, g_object_ref (self));
  g_object_set_data (G_OBJECT (task), "number", GUINT_TO_POINTER (++self->loads));
  g_task_set_task_data (task, load, load_free);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, load_thread);
}

void
parlor_statistics_reset (ParlorStatistics *self)
{
  g_return_if_fail (PARLOR_IS_STATISTICS (self));

  load_records (self, PARLOR_RECORDS_ANY_STRENGTH, TRUE);
}

gboolean
parlor_statistics_is_loading (ParlorStatistics *self)
{
  g_return_val_if_fail (PARLOR_IS_STATISTICS (self), FALSE);
  return self->loading;
}

const char *
parlor_statistics_get_notice (ParlorStatistics *self)
{
  g_return_val_if_fail (PARLOR_IS_STATISTICS (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->notice_label))
         ? gtk_label_get_text (self->notice_label) : NULL;
}

static void
on_reset_response (AdwMessageDialog *dialog,
                   const char       *response,
                   ParlorStatistics *self)
{
  if (g_str_equal (response, "reset"))
    parlor_statistics_reset (self);
}

static void
on_reset_clicked (ParlorStatistics *self)
{
  const ParlorAppGame *game = selected_game (self);
  g_autofree char *heading = g_strdup_printf (_("Reset Statistics for %s?"), _(game->info->name));
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading,
                                                       _("Every record of this game will be "
                                                         "forgotten. The kept replays stay.")));
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "reset", _("_Reset"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "reset", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_reset_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- Past games ---- */

static const char *
outcome_text (ParlorOutcome outcome)
{
  switch (outcome)
    {
    case PARLOR_OUTCOME_WON:
      return C_("outcome", "Won");
    case PARLOR_OUTCOME_DRAWN:
      return C_("outcome", "Drawn");
    case PARLOR_OUTCOME_LOST:
    default:
      return C_("outcome", "Lost");
    }
}

static GtkWidget *
past_game_row (const ParlorRecordEntry *entry)
{
  const ParlorAppGame *game = parlor_app_games_lookup (entry->game_id);
  g_autoptr(GDateTime) date = g_date_time_new_from_unix_local (entry->date);
  /* Translators: a finished game's date and time in the list of past games (g_date_time_format) */
  g_autofree char *when = date != NULL ? g_date_time_format (date, _("%-d %b %Y %H:%M")) : NULL;
  g_autofree char *title = NULL;
  g_autoptr(GString) subtitle = g_string_new (when);
  GtkWidget *row = adw_action_row_new ();

  /* Translators: a past game: the game and how it went, "Triple Triad — Won" */
  title = g_strdup_printf (_("%s — %s"), game != NULL ? _(game->info->name) : entry->game_id,
                           outcome_text (entry->outcome));
  if (subtitle->len > 0)
    g_string_append (subtitle, " · ");
  /* Translators: a past game's score and rank, "score 34, 2nd" is said "score 34, rank 2" */
  g_string_append_printf (subtitle, _("score %d, rank %d"), entry->score, entry->rank);
  if (entry->strength == PARLOR_RECORD_LAN)
    g_string_append_printf (subtitle, " · %s", _("LAN game"));
  else
    g_string_append_printf (subtitle, " · %s", parlor_strength_get_label ((guint) MAX (entry->strength, 0)));
  if (entry->assisted)
    g_string_append_printf (subtitle, " · %s", _("with help"));
  if (entry->replay == NULL)
    g_string_append_printf (subtitle, " · %s", _("no replay kept"));

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle->str);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
  return row;
}

static void
fill_past_games (ParlorStatistics *self,
                 Load             *load)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->games_list))) != NULL)
    gtk_list_box_remove (self->games_list, child);
  g_clear_pointer (&self->past_games, g_ptr_array_unref);
  if (load->past_games != NULL)
    self->past_games = g_ptr_array_ref (load->past_games);
  for (guint i = 0; self->past_games != NULL && i < self->past_games->len; i++)
    gtk_list_box_append (self->games_list, past_game_row (g_ptr_array_index (self->past_games, i)));
  gtk_stack_set_visible_child_name (self->games_stack,
                                    self->past_games != NULL && self->past_games->len > 0
                                    ? "list" : "empty");
}

static void
show_unwatchable (ParlorStatistics *self,
                  const char       *message)
{
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                       _("This Replay Cannot Be Watched"), message));
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_past_game_loaded (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(ParlorStatistics) self = user_data;
  g_autoptr(GError) error = NULL;
  ParlorReplayViewer *viewer = parlor_replay_viewer_new_for_file_finish (result, &error);
  GtkWindow *parent;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;   /* the window is gone */
  if (viewer == NULL)
    {
      show_unwatchable (self, error->message);
      return;
    }
  /* Modal, this window would keep the mouse and keys from the replay. */
  gtk_window_set_modal (GTK_WINDOW (self), FALSE);
  parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  if (PARLOR_IS_WINDOW (parent))
    parlor_window_present_viewer (PARLOR_WINDOW (parent), viewer);
  else
    {
      gtk_window_set_transient_for (GTK_WINDOW (viewer), GTK_WINDOW (self));
      gtk_window_present (GTK_WINDOW (viewer));
    }
}

void
parlor_statistics_open_past_game (ParlorStatistics *self,
                                  guint             index)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GCancellable) cancellable = NULL;
  ParlorRecordEntry *entry;

  g_return_if_fail (PARLOR_IS_STATISTICS (self));
  g_return_if_fail (self->past_games != NULL && index < self->past_games->len);

  entry = g_ptr_array_index (self->past_games, index);
  if (entry->replay == NULL)
    {
      show_unwatchable (self, _("The replay of this game was not kept."));
      return;
    }
  file = g_file_new_for_path (entry->replay);
  /* Read off the main loop, as any replay. */
  cancellable = g_cancellable_new ();
  g_signal_connect_object (self, "destroy", G_CALLBACK (g_cancellable_cancel), cancellable,
                           G_CONNECT_SWAPPED);
  parlor_replay_viewer_new_for_file_async (file, cancellable, on_past_game_loaded, g_object_ref (self));
}

static void
on_past_game_activated (ParlorStatistics *self,
                        GtkListBoxRow    *row)
{
  int index = gtk_list_box_row_get_index (row);

  if (self->past_games != NULL && index >= 0 && (guint) index < self->past_games->len)
    parlor_statistics_open_past_game (self, (guint) index);
}

GtkListBox *
parlor_statistics_get_past_games (ParlorStatistics *self)
{
  g_return_val_if_fail (PARLOR_IS_STATISTICS (self), NULL);
  return self->games_list;
}

void
parlor_statistics_show_past_games (ParlorStatistics *self)
{
  g_return_if_fail (PARLOR_IS_STATISTICS (self));
  adw_view_stack_set_visible_child_name (self->view_stack, "games");
}

static void
parlor_statistics_dispose (GObject *object)
{
  ParlorStatistics *self = PARLOR_STATISTICS (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PARLOR_TYPE_STATISTICS);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->retry_id, g_source_remove);

  G_OBJECT_CLASS (parlor_statistics_parent_class)->dispose (object);
}

static void
parlor_statistics_finalize (GObject *object)
{
  ParlorStatistics *self = PARLOR_STATISTICS (object);

  g_array_unref (self->strengths);
  g_hash_table_unref (self->values);
  g_clear_pointer (&self->past_games, g_ptr_array_unref);

  G_OBJECT_CLASS (parlor_statistics_parent_class)->finalize (object);
}

static void
parlor_statistics_class_init (ParlorStatisticsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = parlor_statistics_dispose;
  object_class->finalize = parlor_statistics_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/parlorgames/Parlor/parlor-statistics.ui");
  gtk_widget_class_bind_template_child (widget_class, ParlorStatistics, game_row);
  gtk_widget_class_bind_template_child (widget_class, ParlorStatistics, strength_row);
  gtk_widget_class_bind_template_child (widget_class, ParlorStatistics, notice_label);
  gtk_widget_class_bind_template_child (widget_class, ParlorStatistics, figures_box);
  gtk_widget_class_bind_template_child (widget_class, ParlorStatistics, reset_button);
  gtk_widget_class_bind_template_child (widget_class, ParlorStatistics, view_stack);
  gtk_widget_class_bind_template_child (widget_class, ParlorStatistics, games_stack);
  gtk_widget_class_bind_template_child (widget_class, ParlorStatistics, games_list);
  gtk_widget_class_bind_template_callback (widget_class, on_past_game_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_game_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_strength_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_reset_clicked);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
parlor_statistics_init (ParlorStatistics *self)
{
  g_autoptr(GtkStringList) games = gtk_string_list_new (NULL);
  const ParlorAppGame * const *list = parlor_app_games_list ();

  self->strengths = g_array_new (FALSE, FALSE, sizeof (int));
  self->values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->cancellable = g_cancellable_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_sensitive (self->reset_button, FALSE);

  for (guint i = 0; list[i] != NULL; i++)
    gtk_string_list_append (games, _(list[i]->info->name));
  self->filling = TRUE;
  adw_combo_row_set_model (self->game_row, G_LIST_MODEL (games));
  self->filling = FALSE;
  on_game_selected (self);
}

ParlorStatistics *
parlor_statistics_new (const char *game_id)
{
  ParlorStatistics *self = g_object_new (PARLOR_TYPE_STATISTICS, NULL);

  if (game_id != NULL)
    parlor_statistics_set_game (self, game_id);
  return self;
}

const char *
parlor_statistics_get_game (ParlorStatistics *self)
{
  g_return_val_if_fail (PARLOR_IS_STATISTICS (self), NULL);
  return selected_game (self)->info->id;
}

void
parlor_statistics_set_game (ParlorStatistics *self,
                            const char       *game_id)
{
  const ParlorAppGame * const *games = parlor_app_games_list ();

  g_return_if_fail (PARLOR_IS_STATISTICS (self));
  g_return_if_fail (game_id != NULL);

  for (guint i = 0; games[i] != NULL; i++)
    if (g_str_equal (games[i]->info->id, game_id))
      adw_combo_row_set_selected (self->game_row, i);
}

const char *
parlor_statistics_get_value (ParlorStatistics *self,
                             const char       *key,
                             gboolean          assisted,
                             ParlorRecordsWho  who)
{
  g_autofree char *k = NULL;
  GtkLabel *label;

  g_return_val_if_fail (PARLOR_IS_STATISTICS (self), NULL);
  g_return_val_if_fail (key != NULL, NULL);

  k = value_key (key, assisted, who);
  label = g_hash_table_lookup (self->values, k);
  return label != NULL ? gtk_label_get_text (label) : NULL;
}
