"""Model evaluation: will hold the evaluation of vision-language models on a release (issue 14).

No code yet.
"""
