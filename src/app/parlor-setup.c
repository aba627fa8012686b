/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-setup"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "parlor-app-games.h"
#include "parlor-setup.h"
#include "parlor-strength-row.h"

typedef struct
{
  GtkWidget *description;
  GtkWidget *strength_row;
  GtkWidget *start_button;

  guint      strength;
  guint      time_limit;
  guint      claim_time_limit;
} ParlorSetupPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (ParlorSetup, parlor_setup, GTK_TYPE_WIDGET)

#define PRIV(self) ((ParlorSetupPrivate *) parlor_setup_get_instance_private (PARLOR_SETUP (self)))

enum {
  PROP_0,
  PROP_STRENGTH,
  PROP_LEVEL,
  PROP_TIME_LIMIT,
  PROP_CLAIM_TIME_LIMIT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

const char *
parlor_strength_get_label (guint strength)
{
  switch (MIN (strength, PARLOR_STRENGTH_MAX))
    {
    case 0: return C_("strength", "Easy");
    case 1: return C_("strength", "Medium");
    case 2: return C_("strength", "Hard");
    default: return C_("strength", "Strongest");
    }
}

const char *
parlor_strength_get_mnemonic (guint strength)
{
  switch (MIN (strength, PARLOR_STRENGTH_MAX))
    {
    case 0: return C_("strength", "_Easy");
    case 1: return C_("strength", "_Medium");
    case 2: return C_("strength", "Ha_rd");
    default: return C_("strength", "Stron_gest");
    }
}

guint
parlor_strength_for_level (const ParlorGameInfo *info,
                           const char           *level,
                           guint                 current)
{
  g_return_val_if_fail (info != NULL, current);

  if (level == NULL)
    return current;
  if (g_strcmp0 (parlor_game_info_level_for_strength (info, current), level) == 0)
    return current;
  for (guint s = 0; s <= PARLOR_STRENGTH_MAX; s++)
    if (g_strcmp0 (parlor_game_info_level_for_strength (info, s), level) == 0)
      return s;
  return current;
}

char *
parlor_strength_describe_levels (const ParlorGameInfo *info)
{
  GString *text = NULL;

  g_return_val_if_fail (info != NULL, NULL);

  for (guint s = 1; s <= PARLOR_STRENGTH_MAX; s++)
    if (g_strcmp0 (parlor_game_info_level_for_strength (info, s - 1),
                   parlor_game_info_level_for_strength (info, s)) == 0)
      {
        if (text == NULL)
          text = g_string_new (NULL);
        else
          g_string_append_c (text, ' ');
        /* Translators: two computer strengths that are the same player in
         * this game, "Medium and Hard play alike in this game." */
        g_string_append_printf (text, _("%s and %s play alike in this game."),
                                parlor_strength_get_label (s - 1), parlor_strength_get_label (s));
      }
  return text != NULL ? g_string_free (text, FALSE) : NULL;
}

GListModel *
parlor_strength_list_new (void)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (guint s = 0; s <= PARLOR_STRENGTH_MAX; s++)
    gtk_string_list_append (list, parlor_strength_get_label (s));
  return G_LIST_MODEL (list);
}

static const ParlorGameInfo *
game_info (ParlorSetup *self)
{
  return PARLOR_SETUP_GET_CLASS (self)->game_info;
}

/* 0 seconds reads "Off" in a spin button. */
static gboolean
on_seconds_output (GtkSpinButton *spin,
                   gpointer       data)
{
  if (gtk_spin_button_get_value (spin) >= 0.5)
    return FALSE;
  /* Translators: no time limit */
  gtk_editable_set_text (GTK_EDITABLE (spin), C_("time limit", "Off"));
  return TRUE;
}

static gboolean
renotify (gpointer data)
{
  g_object_notify_by_pspec (data, properties[PROP_CLAIM_TIME_LIMIT]);
  g_object_notify_by_pspec (data, properties[PROP_TIME_LIMIT]);
  return G_SOURCE_REMOVE;
}

/* Stores @seconds as the settings would; a value they would change is
 * shown again once the binding that brought it is done. */
static void
set_seconds (ParlorSetup *self,
             guint       *field,
             guint        seconds,
             guint        normalized,
             guint        prop)
{
  if (normalized != seconds)
    g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, renotify, g_object_ref (self), g_object_unref);
  if (*field == normalized)
    return;
  *field = normalized;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
parlor_setup_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  ParlorSetup *self = PARLOR_SETUP (object);

  switch (prop_id)
    {
    case PROP_STRENGTH: g_value_set_uint (value, PRIV (self)->strength); break;
    case PROP_LEVEL: g_value_set_string (value, parlor_setup_get_level (self)); break;
    case PROP_TIME_LIMIT: g_value_set_uint (value, PRIV (self)->time_limit); break;
    case PROP_CLAIM_TIME_LIMIT: g_value_set_uint (value, PRIV (self)->claim_time_limit); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
parlor_setup_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  ParlorSetup *self = PARLOR_SETUP (object);
  ParlorSetupPrivate *priv = PRIV (self);
  guint seconds;

  switch (prop_id)
    {
    case PROP_STRENGTH:
      parlor_setup_set_strength (self, g_value_get_uint (value));
      break;
    case PROP_LEVEL:
      /* Anything but a known level (a hand-edited setting, say) is ignored. */
      if (game_info (self) != NULL)
        parlor_setup_set_strength (self, parlor_strength_for_level (game_info (self),
                                                                    g_value_get_string (value),
                                                                    priv->strength));
      break;
    case PROP_TIME_LIMIT:
      seconds = g_value_get_uint (value);
      set_seconds (self, &priv->time_limit, seconds,
                   parlor_settings_normalize_time_limit (seconds), PROP_TIME_LIMIT);
      break;
    case PROP_CLAIM_TIME_LIMIT:
      seconds = g_value_get_uint (value);
      set_seconds (self, &priv->claim_time_limit, seconds,
                   parlor_settings_normalize_claim_time_limit (seconds), PROP_CLAIM_TIME_LIMIT);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
parlor_setup_grab_focus (GtkWidget *widget)
{
  GtkWidget *start = PRIV (widget)->start_button;

  return start != NULL ? gtk_widget_grab_focus (start) : FALSE;
}

/* GTK moves the focus into a container by grabbing it first, which here
 * means Start: Tab instead enters the page at its first choice. */
static gboolean
parlor_setup_focus (GtkWidget        *widget,
                    GtkDirectionType  direction)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  return child != NULL && gtk_widget_child_focus (child, direction);
}

static void
parlor_setup_constructed (GObject *object)
{
  ParlorSetup *self = PARLOR_SETUP (object);
  ParlorSetupPrivate *priv = PRIV (self);
  const ParlorGameInfo *info = game_info (self);

  G_OBJECT_CLASS (parlor_setup_parent_class)->constructed (object);

  if (info == NULL)
    return;
  if (priv->description != NULL)
    {
      const ParlorAppGame *game = parlor_app_games_lookup (info->id);

      if (game != NULL)
        gtk_label_set_label (GTK_LABEL (priv->description), _(game->summary));
    }
  /* A game with fewer levels than strengths says which strengths share one. */
  if (priv->strength_row != NULL &&
      *adw_action_row_get_subtitle (ADW_ACTION_ROW (priv->strength_row)) == '\0')
    {
      g_autofree char *levels = parlor_strength_describe_levels (info);

      if (levels != NULL)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (priv->strength_row), levels);
    }
}

static void
parlor_setup_dispose (GObject *object)
{
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (object), G_OBJECT_TYPE (object));
  /* The template's top widget is not bound, so not unparented above. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (parlor_setup_parent_class)->dispose (object);
}

static void
parlor_setup_class_init (ParlorSetupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = parlor_setup_get_property;
  object_class->set_property = parlor_setup_set_property;
  object_class->constructed = parlor_setup_constructed;
  object_class->dispose = parlor_setup_dispose;
  widget_class->grab_focus = parlor_setup_grab_focus;
  widget_class->focus = parlor_setup_focus;

  properties[PROP_STRENGTH] =
    g_param_spec_uint ("strength", NULL, NULL, 0, PARLOR_STRENGTH_MAX, 1,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LEVEL] =
    g_param_spec_string ("level", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TIME_LIMIT] =
    g_param_spec_uint ("time-limit", NULL, NULL, 0, PARLOR_SETTINGS_TIME_LIMIT_MAX, 60,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CLAIM_TIME_LIMIT] =
    g_param_spec_uint ("claim-time-limit", NULL, NULL, 0, PARLOR_SETTINGS_CLAIM_LIMIT_MAX, 8,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_property_action (widget_class, "setup.strength", "strength");
  gtk_widget_class_install_property_action (widget_class, "setup.level", "level");

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
parlor_setup_init (ParlorSetup *self)
{
  ParlorSetupPrivate *priv = PRIV (self);

  priv->strength = 1;
  priv->time_limit = 60;
  priv->claim_time_limit = 8;
}

void
parlor_setup_class_set_template (GtkWidgetClass *widget_class,
                                 const char     *resource)
{
  g_return_if_fail (g_type_is_a (G_TYPE_FROM_CLASS (widget_class), PARLOR_TYPE_SETUP));
  g_return_if_fail (resource != NULL);

  g_type_ensure (PARLOR_TYPE_STRENGTH_ROW);
  gtk_widget_class_set_template_from_resource (widget_class, resource);
  gtk_widget_class_bind_template_child_full (widget_class, "description", FALSE,
                                             G_PRIVATE_OFFSET (ParlorSetup, description));
  gtk_widget_class_bind_template_child_full (widget_class, "strength_row", FALSE,
                                             G_PRIVATE_OFFSET (ParlorSetup, strength_row));
  gtk_widget_class_bind_template_child_full (widget_class, "start_button", FALSE,
                                             G_PRIVATE_OFFSET (ParlorSetup, start_button));
  gtk_widget_class_bind_template_callback (widget_class, on_seconds_output);
}

guint
parlor_setup_get_strength (ParlorSetup *self)
{
  g_return_val_if_fail (PARLOR_IS_SETUP (self), 1);
  return PRIV (self)->strength;
}

void
parlor_setup_set_strength (ParlorSetup *self,
                           guint        strength)
{
  ParlorSetupPrivate *priv;
  const char *before;

  g_return_if_fail (PARLOR_IS_SETUP (self));

  priv = PRIV (self);
  strength = MIN (strength, PARLOR_STRENGTH_MAX);
  if (priv->strength == strength)
    return;
  before = parlor_setup_get_level (self);
  priv->strength = strength;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STRENGTH]);
  if (g_strcmp0 (before, parlor_setup_get_level (self)) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LEVEL]);
}

const char *
parlor_setup_get_level (ParlorSetup *self)
{
  g_return_val_if_fail (PARLOR_IS_SETUP (self), NULL);

  if (game_info (self) == NULL)
    return NULL;
  return parlor_game_info_level_for_strength (game_info (self), PRIV (self)->strength);
}

const char *
parlor_setup_get_strength_label (ParlorSetup *self)
{
  g_return_val_if_fail (PARLOR_IS_SETUP (self), NULL);
  return parlor_strength_get_label (PRIV (self)->strength);
}

guint
parlor_setup_get_time_limit (ParlorSetup *self)
{
  g_return_val_if_fail (PARLOR_IS_SETUP (self), 0);
  return PRIV (self)->time_limit;
}

guint
parlor_setup_get_claim_time_limit (ParlorSetup *self)
{
  g_return_val_if_fail (PARLOR_IS_SETUP (self), 0);
  return PRIV (self)->claim_time_limit;
}

void
parlor_setup_bind_settings (ParlorSetup    *self,
                            ParlorSettings *settings)
{
  static const char * const names[][2] = {
    { "computer-strength", "strength" },
    { "time-limit", "time-limit" },
    { "claim-time-limit", "claim-time-limit" },
  };

  g_return_if_fail (PARLOR_IS_SETUP (self));
  g_return_if_fail (PARLOR_IS_SETTINGS (settings));

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_object_bind_property (settings, names[i][0], self, names[i][1],
                            G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
}
