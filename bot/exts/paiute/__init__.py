"""Paiute on Discord: the ``/paiute`` command group, the table message and its buttons.

Private modules: ``_render`` (views and events as text), ``_cog`` (commands), ``_views``
(buttons and the My cards reply).
"""
