from __future__ import annotations

from pathlib import Path

import pytest

from chemx.models import ROLES, ConfigError, ModelsConfig, RoleConfig, RoleNotConfigured

ENV = {"OPENAI_API_KEY": "sk-live-abcdef0123456789"}

GOOD = """
[defaults]
temperature = 0.2
timeout_s = 30

[identifier]
base_url = "http://127.0.0.1:8080/v1/"
model = "qwen2.5-vl-7b"
structured_output = "json_object_schema"
concurrency = 1

[judge]
base_url = "https://api.openai.com/v1"
model = "gpt-4o-mini"
api_key_env = "OPENAI_API_KEY"
temperature = 0.0
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "models.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_loads_roles_defaults_and_says_which_roles_are_offline(tmp_path):
    config = ModelsConfig.load(write(tmp_path, GOOD), env=ENV)
    identifier = config.role("identifier")
    assert identifier.base_url == "http://127.0.0.1:8080/v1"  # trailing slash dropped
    assert identifier.structured_output == "json_object_schema"
    assert identifier.temperature == 0.2  # from [defaults]
    assert identifier.timeout_s == 30
    assert config.role("judge").temperature == 0.0  # the role table wins over defaults
    assert config.role("judge").structured_output == "json_schema"
    assert config.is_configured("identifier") and config.is_configured("judge")
    for role in ("grounding", "generator", "evaluated"):
        assert not config.is_configured(role)
    backends = config.backends()
    assert set(backends) == set(ROLES)
    assert backends["generator"] == "offline"
    assert backends["judge"] == "gpt-4o-mini @ https://api.openai.com/v1"


def test_unconfigured_role_is_explicit_never_a_silent_fallback(tmp_path):
    config = ModelsConfig.load(write(tmp_path, GOOD), env=ENV)
    with pytest.raises(RoleNotConfigured, match=r"'generator' is not configured.*offline"):
        config.role("generator")
    empty = ModelsConfig.load(None)
    assert not any(empty.is_configured(role) for role in ROLES)
    with pytest.raises(ConfigError, match="unknown role 'judgee'"):
        config.is_configured("judgee")


def test_overrides_change_fields_and_can_configure_a_role(tmp_path):
    config = ModelsConfig.load(
        write(tmp_path, GOOD),
        {
            "judge.model": "gpt-4o",
            "identifier.concurrency": "3",  # CLI strings are coerced to the field type
            "identifier.temperature": "0.5",
            "generator.base_url": "http://10.0.0.2:9000/v1",
            "generator.model": "llama-3.1-8b",
        },
        env=ENV,
    )
    assert config.role("judge").model == "gpt-4o"
    assert config.role("identifier").concurrency == 3
    assert config.role("identifier").temperature == 0.5
    assert config.is_configured("generator")
    assert config.role("generator").base_url == "http://10.0.0.2:9000/v1"
    assert config.role("generator").temperature == 0.2  # defaults apply to override-made roles


def test_overrides_without_a_file():
    config = ModelsConfig.load(
        None, {"evaluated.base_url": "http://localhost:1234/v1", "evaluated.model": "m"}
    )
    assert config.is_configured("evaluated")
    assert config.role("evaluated").api_key_env is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            '[identifier]\nbase_url = "ftp://host/v1"\nmodel = "m"\n',
            r"models.toml: \[identifier\] base_url: must start with http:// or https://",
        ),
        (
            '[identifier]\nbase_url = "http://h/v1"\nmodel = "m"\nconcurrency = 0\n',
            r"\[identifier\] concurrency: Input should be greater than 0",
        ),
        (
            '[judge]\nbase_url = "http://h/v1"\nmodel = "m"\ntimeout_s = -1\n',
            r"\[judge\] timeout_s: Input should be greater than 0",
        ),
        (
            '[judge]\nbase_url = "http://h/v1"\nmodel = "m"\nmax_retries = -1\n',
            r"\[judge\] max_retries: Input should be greater than or equal to 0",
        ),
        (
            '[judge]\nbase_url = "http://h/v1"\nmodel = "m"\ntemprature = 0.1\n',
            r"\[judge\] temprature: unknown field",
        ),
        ('[judge]\nbase_url = "http://h/v1"\n', r"\[judge\] model: Field required"),
        (
            '[judge]\nbase_url = "http://h/v1"\nmodel = "m"\nstructured_output = "xml"\n',
            r"\[judge\] structured_output: Input should be 'json_schema'",
        ),
        (
            '[judges]\nbase_url = "http://h/v1"\nmodel = "m"\n',
            r"\[judges\] is not a role; known roles: identifier, grounding",
        ),
        ("[judge\n", r"models.toml: not valid TOML"),
    ],
)
def test_validation_errors_name_file_role_and_field(tmp_path, text, expected):
    path = write(tmp_path, text)
    with pytest.raises(ConfigError, match=expected) as info:
        ModelsConfig.load(path)
    assert str(path) in str(info.value)


def test_all_problems_are_reported_at_once(tmp_path):
    text = (
        '[identifier]\nbase_url = "nope"\nmodel = "m"\n'
        '[judge]\nbase_url = "http://h/v1"\nmodel = "m"\nconcurrency = 0\n'
    )
    with pytest.raises(ConfigError) as info:
        ModelsConfig.load(write(tmp_path, text))
    message = str(info.value)
    assert "[identifier] base_url" in message and "[judge] concurrency" in message


def test_missing_file_and_bad_overrides():
    with pytest.raises(ConfigError, match=r"nowhere\.toml: models file not found"):
        ModelsConfig.load("nowhere.toml")
    with pytest.raises(ConfigError, match=r"override 'judge' must look like 'role\.field'"):
        ModelsConfig.load(None, {"judge": "x"})
    with pytest.raises(ConfigError, match="unknown role 'juge'"):
        ModelsConfig.load(None, {"juge.model": "x"})
    with pytest.raises(ConfigError, match="unknown field 'modle'"):
        ModelsConfig.load(None, {"judge.modle": "x"})


def test_key_variable_must_be_set_at_start_up(tmp_path):
    path = write(tmp_path, GOOD)
    with pytest.raises(ConfigError) as info:
        ModelsConfig.load(path, env={})
    message = str(info.value)
    assert str(path) in message
    assert "[judge] api_key_env: environment variable OPENAI_API_KEY is not set" in message
    with pytest.raises(ConfigError, match="OPENAI_API_KEY is not set"):
        ModelsConfig.load(path, env={"OPENAI_API_KEY": ""})
    deferred = ModelsConfig.load(path, env={}, check_env=False)
    with pytest.raises(ConfigError, match="OPENAI_API_KEY"):
        deferred.check_env({})


def test_a_key_pasted_into_the_config_is_refused_without_being_echoed(tmp_path):
    key = "sk-proj-Zq81yXv0w9Lk2JmN"
    text = f'[judge]\nbase_url = "https://api.example.com/v1"\nmodel = "m"\napi_key_env = "{key}"\n'
    with pytest.raises(ConfigError, match="must be the NAME of an environment variable") as info:
        ModelsConfig.load(write(tmp_path, text))
    assert key not in str(info.value)

    password = "hunter2-secret"
    text = f'[judge]\nbase_url = "https://user:{password}@api.example.com/v1"\nmodel = "m"\n'
    with pytest.raises(ConfigError, match="must not contain credentials") as info:
        ModelsConfig.load(write(tmp_path, text))
    assert password not in str(info.value)


def test_role_config_is_frozen_and_holds_no_key(tmp_path):
    config = ModelsConfig.load(write(tmp_path, GOOD), env=ENV)
    judge = config.role("judge")
    with pytest.raises(ValueError, match="frozen"):
        judge.model = "other"  # type: ignore[misc]
    assert ENV["OPENAI_API_KEY"] not in judge.model_dump_json()
    assert ENV["OPENAI_API_KEY"] not in repr(config)


def test_with_role_returns_a_new_config():
    config = ModelsConfig.load(None)
    local = RoleConfig(base_url="http://127.0.0.1:8081/v1", model="x.gguf", concurrency=1)
    updated = config.with_role("identifier", local)
    assert updated.is_configured("identifier") and not config.is_configured("identifier")
    with pytest.raises(ConfigError):
        config.with_role("nobody", local)


def test_worker_processes_share_each_endpoints_limit():
    config = ModelsConfig.load(
        None,
        {
            "grounding.base_url": "http://127.0.0.1:9/v1",
            "grounding.model": "m",
            "grounding.concurrency": "16",
            "judge.base_url": "http://127.0.0.1:9/v1",
            "judge.model": "m",
            "judge.concurrency": "3",
        },
    )
    shared = config.shared_by(2)
    assert shared.role("grounding").concurrency == 8
    assert shared.role("judge").concurrency == 2  # rounded up: never 0 requests
    assert config.shared_by(1) is config
    assert config.role("grounding").concurrency == 16  # the original is unchanged
