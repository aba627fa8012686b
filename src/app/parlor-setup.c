/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-setup"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "parlor-setup.h"
#include "parlor-strength-row.h"

typedef struct
{
  GtkWidget *page_box;
  GtkWidget *content_box;
  GtkWidget *description;
  GtkWidget *players_group;
  GtkWidget *strength_group;
  GtkWidget *strength_row;
  GtkWidget *claim_row;
  GtkWidget *match_group;
  GtkWidget *rules_group;
  GtkWidget *button_box;
  GtkWidget *host_button;
  GtkWidget *start_button;

  guint      strength;
  guint      time_limit;
  guint      claim_time_limit;
} ParlorSetupPrivate;

static void parlor_setup_buildable_init (GtkBuildableIface *iface);

G_DEFINE_TYPE_WITH_CODE (ParlorSetup, parlor_setup, GTK_TYPE_WIDGET,
                         G_ADD_PRIVATE (ParlorSetup)
                         G_IMPLEMENT_INTERFACE (GTK_TYPE_BUILDABLE, parlor_setup_buildable_init))

static GtkBuildableIface *parent_buildable_iface;

#define PRIV(self) ((ParlorSetupPrivate *) parlor_setup_get_instance_private (PARLOR_SETUP (self)))

enum {
  PROP_0,
  PROP_STRENGTH,
  PROP_LEVEL,
  PROP_TIME_LIMIT,
  PROP_CLAIM_TIME_LIMIT,
  PROP_HOST_TOOLTIP,
  PROP_START_TOOLTIP,
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
    case PROP_HOST_TOOLTIP:
      g_value_set_string (value, gtk_widget_get_tooltip_text (PRIV (self)->host_button));
      break;
    case PROP_START_TOOLTIP:
      g_value_set_string (value, gtk_widget_get_tooltip_text (PRIV (self)->start_button));
      break;
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
    case PROP_HOST_TOOLTIP:
      gtk_widget_set_tooltip_text (priv->host_button, g_value_get_string (value));
      break;
    case PROP_START_TOOLTIP:
      gtk_widget_set_tooltip_text (priv->start_button, g_value_get_string (value));
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

  if (PARLOR_SETUP_GET_CLASS (self)->buttons_below)
    {
      /* Below the scrolled part, always in sight. */
      g_object_ref (priv->button_box);
      gtk_box_remove (GTK_BOX (priv->content_box), priv->button_box);
      gtk_box_append (GTK_BOX (priv->page_box), priv->button_box);
      g_object_unref (priv->button_box);
      gtk_widget_set_margin_top (priv->button_box, 12);
      gtk_widget_set_margin_bottom (priv->button_box, 12);
      gtk_widget_set_margin_start (priv->button_box, 12);
      gtk_widget_set_margin_end (priv->button_box, 12);
    }
  gtk_widget_set_visible (priv->claim_row, PARLOR_SETUP_GET_CLASS (self)->claim_time);

  if (info == NULL)
    return;
  if (info->summary != NULL)
    gtk_label_set_label (GTK_LABEL (priv->description), _(info->summary));
  {
    g_autofree char *start = g_strconcat (info->id, ".start", NULL);

    gtk_actionable_set_action_name (GTK_ACTIONABLE (priv->start_button), start);
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
  /* For a game's template: the words of its Host and Start buttons' tooltips. */
  properties[PROP_HOST_TOOLTIP] =
    g_param_spec_string ("host-tooltip", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_START_TOOLTIP] =
    g_param_spec_string ("start-tooltip", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (PARLOR_TYPE_STRENGTH_ROW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/parlorgames/Parlor/parlor-setup.ui");
  gtk_widget_class_bind_template_child_private (widget_class, ParlorSetup, page_box);
  gtk_widget_class_bind_template_child_private (widget_class, ParlorSetup, content_box);
  gtk_widget_class_bind_template_child_private (widget_class, ParlorSetup, description);
  gtk_widget_class_bind_template_child_private (widget_class, ParlorSetup, players_group);
  gtk_widget_class_bind_template_child_private (widget_class, ParlorSetup, strength_group);
  gtk_widget_class_bind_template_child_private (widget_class, ParlorSetup, claim_row);
  gtk_widget_class_bind_template_child_private (widget_class, ParlorSetup, match_group);
  gtk_widget_class_bind_template_child_private (widget_class, ParlorSetup, rules_group);
  gtk_widget_class_bind_template_child_private (widget_class, ParlorSetup, button_box);
  gtk_widget_class_bind_template_child_private (widget_class, ParlorSetup, host_button);
  gtk_widget_class_bind_template_child_private (widget_class, ParlorSetup, start_button);
  gtk_widget_class_bind_template_callback (widget_class, on_seconds_output);

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
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* A game's template fills the page's groups: <child type="players">,
 * "strength" (its ParlorStrengthRow first), "match" and "rules". */
static void
parlor_setup_add_child (GtkBuildable *buildable,
                        GtkBuilder   *builder,
                        GObject      *child,
                        const char   *type)
{
  ParlorSetupPrivate *priv = PRIV (buildable);
  GtkWidget *group = NULL;

  if (g_strcmp0 (type, "players") == 0)
    group = priv->players_group;
  else if (g_strcmp0 (type, "strength") == 0)
    group = priv->strength_group;
  else if (g_strcmp0 (type, "match") == 0)
    group = priv->match_group;
  else if (g_strcmp0 (type, "rules") == 0)
    group = priv->rules_group;

  if (group == NULL)
    {
      parent_buildable_iface->add_child (buildable, builder, child, type);
      return;
    }
  if (PARLOR_IS_STRENGTH_ROW (child) && priv->strength_row == NULL)
    priv->strength_row = GTK_WIDGET (child);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (child));
  gtk_widget_set_visible (group, TRUE);
}

static void
parlor_setup_buildable_init (GtkBuildableIface *iface)
{
  parent_buildable_iface = g_type_interface_peek_parent (iface);
  iface->add_child = parlor_setup_add_child;
}

void
parlor_setup_class_set_template (GtkWidgetClass *widget_class,
                                 const char     *resource)
{
  g_return_if_fail (g_type_is_a (G_TYPE_FROM_CLASS (widget_class), PARLOR_TYPE_SETUP));
  g_return_if_fail (resource != NULL);

  gtk_widget_class_set_template_from_resource (widget_class, resource);
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

char *
parlor_setup_make_config (ParlorSetup *self,
                          gboolean     hosted)
{
  ParlorSetupClass *klass;

  g_return_val_if_fail (PARLOR_IS_SETUP (self), NULL);

  klass = PARLOR_SETUP_GET_CLASS (self);
  return klass->make_config != NULL ? klass->make_config (self, hosted) : NULL;
}

char *
parlor_setup_summary (ParlorSetup *self)
{
  ParlorSetupClass *klass;

  g_return_val_if_fail (PARLOR_IS_SETUP (self), NULL);

  klass = PARLOR_SETUP_GET_CLASS (self);
  return klass->summary != NULL ? klass->summary (self) : NULL;
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
