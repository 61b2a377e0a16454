#include "imagefolder.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <system_error>

namespace hamgam {

namespace fs = std::filesystem;

namespace {

bool visible(const fs::directory_entry &e)
{
    std::error_code ec;
    return e.path().filename().string().rfind('.', 0) != 0 && !e.is_symlink(ec);
}

bool isImageName(const fs::path &p)
{
    std::string ext = p.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    return ext == ".jpg" || ext == ".jpeg" || ext == ".png";
}

/// The visible sub-folders of `dir`, sorted by name.
std::vector<std::string> subfolders(const fs::path &dir)
{
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto &e : fs::directory_iterator(dir, ec))
        if (visible(e) && e.is_directory(ec))
            out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

/// The JPEG and PNG files of one class folder, sorted by name.
std::vector<std::string> images(const fs::path &dir)
{
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto &e : fs::directory_iterator(dir, ec))
        if (visible(e) && e.is_regular_file(ec) && isImageName(e.path()))
            out.push_back(e.path().string());
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

std::string ImageFolder::Fault::english() const
{
    switch (kind) {
    case Kind::NotAFolder:
        return "the image folder " + path + " does not exist or is not a directory";
    case Kind::NoClasses:
        return "the image folder " + path + " holds no class folders (one sub-folder of images per class)";
    case Kind::EmptyClass:
        return "the class folder " + path + " holds no JPEG or PNG image";
    case Kind::NoHeldOut:
        return "the image folder " + path +
               " has nothing to hold out: give it test/ (or val/) beside train/, or ten images in a class";
    case Kind::UnknownClass:
        return "the held-out folder " + path + " is not one of the training classes";
    }
    return path;
}

std::optional<ImageFolder> ImageFolder::scan(const std::string &root, Fault *fault)
{
    Fault local;
    Fault &f = fault ? *fault : local;
    auto fail = [&](Fault::Kind kind, const std::string &path) {
        f.kind = kind;
        f.path = path;
        return std::nullopt;
    };
    std::error_code ec;
    const fs::path base(root);
    if (!fs::is_directory(base, ec))
        return fail(Fault::Kind::NotAFolder, root);
    const bool split = fs::is_directory(base / "train", ec);
    const fs::path trainDir = split ? base / "train" : base;
    fs::path evalDir;
    if (split) {
        evalDir = fs::is_directory(base / "test", ec) ? base / "test" : base / "val";
        if (!fs::is_directory(evalDir, ec))
            return fail(Fault::Kind::NoHeldOut, root);
    }
    ImageFolder folder;
    folder.m_classes = subfolders(trainDir);
    if (folder.m_classes.empty())
        return fail(Fault::Kind::NoClasses, trainDir.string());
    for (size_t c = 0; c < folder.m_classes.size(); ++c) {
        const auto files = images(trainDir / folder.m_classes[c]);
        if (files.empty())
            return fail(Fault::Kind::EmptyClass, (trainDir / folder.m_classes[c]).string());
        for (size_t i = 0; i < files.size(); ++i) {
            const bool held = !split && i % 10 == 9;
            (held ? folder.m_evalFiles : folder.m_trainFiles).push_back(files[i]);
            (held ? folder.m_evalLabels : folder.m_trainLabels).push_back(static_cast<std::int64_t>(c));
        }
    }
    if (split) {
        for (const std::string &name : subfolders(evalDir)) {
            const auto it = std::find(folder.m_classes.begin(), folder.m_classes.end(), name);
            if (it == folder.m_classes.end())
                return fail(Fault::Kind::UnknownClass, (evalDir / name).string());
            for (const std::string &file : images(evalDir / name)) {
                folder.m_evalFiles.push_back(file);
                folder.m_evalLabels.push_back(it - folder.m_classes.begin());
            }
        }
    }
    if (folder.m_evalFiles.empty())
        return fail(Fault::Kind::NoHeldOut, root);
    return folder;
}

} // namespace hamgam
