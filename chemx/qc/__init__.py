"""Quality-control gates. Each gate returns Decisions; rejected nodes stay in the store.

Gates, in pipeline order (see `chemx.records.Gate`): acquisition (unreadable input),
classifier, qc1 (valid 2-D structure with identifier), qc2 (entity match and
explanatory value), anti_shortcut, qc3 (judge). The acquisition gate is applied by the
source parsers; the others arrive with their stages.
"""
