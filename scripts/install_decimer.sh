#!/usr/bin/env bash
# DECIMER Image Transformer (image -> SMILES) in its own environment, for `--ocsr decimer`
# (and `--ocsr auto`, which prefers it once installed). TensorFlow clashes with chemx's
# torch stack, so it gets a separate venv. Everything comes from the package index: the
# model is published there in four chunks (unp-decimer-weights-part0..3), joined here
# into the folder DECIMER's loader reads, inside the environment, so nothing is
# downloaded at run time.
#   bash scripts/install_decimer.sh [ENV_DIR]     (default .venv-decimer; ~1.6 GB)
set -euo pipefail
PYTHON=${PYTHON:-python3}
ENV_DIR=${1:-.venv-decimer}
MODEL_DIR="$ENV_DIR/pystow/DECIMER-V2"

test -x "$ENV_DIR/bin/python" || "$PYTHON" -m venv "$ENV_DIR"
"$ENV_DIR/bin/pip" install --quiet "tensorflow==2.20.0" "decimer==2.8.1"
if [ ! -f "$MODEL_DIR/DECIMER_model/saved_model.pb" ]; then
    "$ENV_DIR/bin/pip" install --quiet unp-decimer-weights-part{0,1,2,3}==1.0.0
    site=$("$ENV_DIR/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
    mkdir -p "$MODEL_DIR"
    cat "$site"/unp_decimer_weights_part{0,1,2,3}/data.bin > "$MODEL_DIR/model.zip"
    "$ENV_DIR/bin/python" -m zipfile -e "$MODEL_DIR/model.zip" "$MODEL_DIR"
    rm "$MODEL_DIR/model.zip"
    "$ENV_DIR/bin/pip" uninstall --quiet --yes unp-decimer-weights-part{0,1,2,3}
fi
"$ENV_DIR/bin/python" chemx/visual/_decimer_ocsr_worker.py --check
echo "DECIMER ready: chemx build --ocsr auto (the default) now reads crops with it"
