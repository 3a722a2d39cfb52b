# SPDX-License-Identifier: Apache-2.0
"""Layers that give libzuc the names other Python packages use."""
